// Starts the built server (build/server/main.js) on a fresh data dir: the old one is deleted first
// so every e2e run begins from the seed. An operator is created first (PGlite has one process, so
// before the server opens the data dir); its key is written beside the data dir for the specs
// (tests/e2e/support/operator.ts).
import { rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const dataDir = resolve(process.env.DATA_DIR ?? '.tmp/e2e-db');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dirname(dataDir), { recursive: true });
process.env.DATA_DIR = dataDir;
// Playwright pipes the server's stdout to its own: no line per request unless asked (LOG_LEVEL=info).
process.env.LOG_LEVEL ??= 'warn';
const { openDatabase } = await import(resolve('build/server/db/open.js'));
const { createOperator } = await import(resolve('build/server/services/operators.js'));
const db = await openDatabase({ dataDir });
writeFileSync(`${dataDir}.operator-key`, await createOperator(db, 'e2e-operator'));
await db.close();
await import(resolve('build/server/main.js'));
