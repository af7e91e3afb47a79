// Starts the built server (build/server/main.js) on a fresh data dir: the old one is deleted first
// so every e2e run begins from the seed.
import { rmSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const dataDir = resolve(process.env.DATA_DIR ?? '.tmp/e2e-db');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dirname(dataDir), { recursive: true });
process.env.DATA_DIR = dataDir;
// Playwright pipes the server's stdout to its own: no line per request unless asked (LOG_LEVEL=info).
process.env.LOG_LEVEL ??= 'warn';
await import(resolve('build/server/main.js'));
