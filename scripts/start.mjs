#!/usr/bin/env node
// npm start: build when build/server or dist is missing or stale (npm run build), then run the
// server in the foreground with inherited stdio, forwarding SIGINT/SIGTERM.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const distDir = resolve(root, process.env.DIST_DIR || 'dist');
const serverEntry = join(root, 'build/server/main.js');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest mtime among files under the given paths (directories walked, node_modules skipped). */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && !name.startsWith('.')) walk(join(p, name));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  paths.forEach((p) => walk(join(root, p)));
  return max;
}
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

function run(script) {
  console.log(`[start] npm run ${script}`);
  const r = spawnSync(npm, ['run', script], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`[start] npm run ${script} failed`);
    process.exit(r.status ?? 1);
  }
}

const serverStale = mtime(serverEntry) === 0 || newest(['server']) > mtime(serverEntry);
const indexHtml = join(distDir, 'index.html');
const appStale =
  mtime(indexHtml) === 0 ||
  newest(['src', 'locales', 'public', 'sw', 'index.html', 'vite.config.ts', 'package.json']) > mtime(indexHtml);

// One full build when anything is missing or older than its sources (SKIP_BUILD=1 skips it).
if (process.env.SKIP_BUILD !== '1' && (serverStale || appStale)) run('build');
if (!existsSync(serverEntry)) {
  console.error('[start] build/server/main.js is missing; run npm run build:server');
  process.exit(1);
}

// glibc keeps a malloc arena per thread that ever allocated, and PGlite's start (its Wasm compiled on
// V8's worker threads) leaves ~190 MB freed but resident in them; two arenas keep ~50 MB less at the
// same throughput (tests/bench/RESULTS.md, "Server memory"). A MALLOC_ARENA_MAX of your own wins.
const child = spawn(process.execPath, [serverEntry], { cwd: root, stdio: 'inherit', env: { MALLOC_ARENA_MAX: '2', ...process.env } });
const forward = (sig) => () => {
  if (!child.killed) child.kill(sig);
};
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
