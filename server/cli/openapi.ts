/** Writes the OpenAPI document to a file (or stdout), for the linter: `node build/server/cli/openapi.js out.json`. */
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../openapi/document.ts';

const text = JSON.stringify(openApiDocument(), null, 2) + '\n';
const out = process.argv[2];
if (out) writeFileSync(out, text);
else process.stdout.write(text);
