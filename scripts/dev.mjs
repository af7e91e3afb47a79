#!/usr/bin/env node
// npm run dev: compile the server, run it on API_PORT (default 8080), and run Vite (5173) whose
// proxy forwards /api, /oauth, /media, /sandbox, /partner and /operator to it. The server's PUBLIC_URL is the Vite
// origin so sandbox redirects come back to the dev app. Ctrl+C stops both.
import { spawn, spawnSync } from 'node:child_process';
import { resolve, join } from 'node:path';
import { printDemoLines } from './lib/demo-lines.mjs';

const root = resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const apiPort = process.env.API_PORT || '8080';
const vitePort = process.env.VITE_PORT || '5173';

const build = spawnSync(npm, ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const children = [];
const start = (name, cmd, args, env) => {
  const child = spawn(cmd, args, { cwd: root, stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...env, SOCIALPAY_LAUNCHER: '1' } });
  printDemoLines(child, '[dev]');
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited (${code ?? 'signal'}); stopping`);
    stopAll(code ?? 0);
  });
  children.push(child);
  return child;
};
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

start('api', process.execPath, [join(root, 'build/server/main.js')], {
  PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${vitePort}`,
});
start('vite', process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--port', vitePort, '--strictPort'], {
  API_PROXY_TARGET: `http://localhost:${apiPort}`,
});
