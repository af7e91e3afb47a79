#!/usr/bin/env node
// npm start: build when build/server or dist is missing or stale (npm run build), then run the
// server in the foreground with inherited stdio, forwarding SIGINT/SIGTERM. The demo login and the
// demo network's secret come over an IPC channel and are printed here: the server never logs them.
import { spawn } from 'node:child_process';
import { printDemoLines } from './lib/demo-lines.mjs';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildIfStale } from './lib/build-if-stale.mjs';

const root = resolve(import.meta.dirname, '..');
const distDir = resolve(root, process.env.DIST_DIR || 'dist');
const serverEntry = join(root, 'build/server/main.js');

// One full build when anything is missing or older than its sources (SKIP_BUILD=1 skips it).
if (process.env.SKIP_BUILD !== '1') buildIfStale({ distDir, log: '[start]' });
if (!existsSync(serverEntry)) {
  console.error('[start] build/server/main.js is missing; run npm run build:server');
  process.exit(1);
}

// glibc keeps a malloc arena per thread that ever allocated, and PGlite's start (its Wasm compiled on
// V8's worker threads) leaves ~190 MB freed but resident in them; two arenas keep ~50 MB less at the
// same throughput (tests/bench/RESULTS.md, "Server memory"). A MALLOC_ARENA_MAX of your own wins.
const child = spawn(process.execPath, [serverEntry], { cwd: root, stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: { MALLOC_ARENA_MAX: '2', ...process.env, SOCIALPAY_LAUNCHER: '1' } });
printDemoLines(child, '[start]');
const forward = (sig) => () => {
  if (!child.killed) child.kill(sig);
};
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
