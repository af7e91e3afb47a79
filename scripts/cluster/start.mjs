#!/usr/bin/env node
// npm run start:cluster: the cluster of cluster.mjs in the foreground. SIGHUP (npm run
// cluster:restart) does a rolling restart; SIGINT/SIGTERM stop everything.
import { spawnSync } from 'node:child_process';
import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, clusterSettings, startCluster } from './cluster.mjs';

const s = clusterSettings();
if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
const cluster = await startCluster(s);
const pidFile = join(s.dir, 'cluster.pid');
writeFileSync(pidFile, String(process.pid));
console.log(`[cluster] SocialPay at ${cluster.url}  (rolling restart: npm run cluster:restart)`);

process.on('SIGHUP', () => {
  console.log('[cluster] rolling restart…');
  cluster.rollingRestart().then(
    () => console.log(`[cluster] rolling restart done: ${cluster.ports().join(', ')}`),
    (err) => console.error('[cluster] rolling restart failed:', err.message),
  );
});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  rmSync(pidFile, { force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
