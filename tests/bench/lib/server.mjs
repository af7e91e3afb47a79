// Starts the built server (build/server/main.js) on a loopback port with its own fresh database,
// and a throwaway PostgreSQL cluster when asked. Everything started here is stopped by stopAll().
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, TMP } from './env.mjs';

const running = [];
const BENCH_LIMITS = { RATE_LIMIT_TOKEN: '100000000/60', RATE_LIMIT_SIGNUP: '100000000/60', RATE_LIMIT_RESET_PASSWORD: '100000000/60', RATE_LIMIT_TRACKING: '100000000/60' };

/** Starts the server; resolves once /api/v1.0/health answers. */
export async function startServer({ name, port, distDir, env = {}, timeoutMs = 600_000 }) {
  const dataDir = resolve(TMP, `db-${name}`);
  if (!env.DATABASE_URL) {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-uploads`, { recursive: true, force: true });
  }
  mkdirSync(TMP, { recursive: true });
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [resolve(ROOT, 'build/server/main.js')], {
    cwd: ROOT,
    // Load comes from one address: the per-client limits stay on (their cost is measured), out of reach.
    // MALLOC_ARENA_MAX as `npm start` sets it (scripts/start.mjs), unless the caller's environment sets it.
    env: { MALLOC_ARENA_MAX: '2', ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: distDir, PUBLIC_URL: url, DEMO_USERS: '24', ...BENCH_LIMITS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const entry = { name, kind: 'server', child, stop: () => stopChild(child) };
  running.push(entry);
  const t0 = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server ${name} exited (${child.exitCode}):\n${log}`);
    try {
      const r = await fetch(`${url}/api/v1.0/health`);
      if (r.ok) break;
    } catch {}
    if (Date.now() - t0 > timeoutMs) throw new Error(`server ${name} did not start in ${timeoutMs} ms:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const startMs = Date.now() - t0;
  console.log(`[bench] server ${name} up on ${url} in ${(startMs / 1000).toFixed(1)} s`);
  return { url, port, startMs, pid: child.pid, log: () => log, stop: entry.stop };
}

function stopChild(child) {
  return new Promise((res) => {
    if (child.exitCode !== null || child.signalCode) return res();
    const kill = setTimeout(() => child.kill('SIGKILL'), 12_000);
    child.once('exit', () => {
      clearTimeout(kill);
      res();
    });
    child.kill('SIGTERM');
  });
}

const PG_BIN = '/usr/lib/postgresql/15/bin';

/** A throwaway PostgreSQL 15 cluster on 127.0.0.1:port (run as the postgres user when we are root). */
export function startPostgres(port = 54330) {
  if (!existsSync(`${PG_BIN}/initdb`)) throw new Error(`PostgreSQL binaries not found in ${PG_BIN}`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  mkdirSync(join(dir, 'sock'));
  const asRoot = process.getuid?.() === 0;
  const run = (args) => {
    const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' }) : spawnSync(args[0], args.slice(1), { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  };
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  run([`${PG_BIN}/initdb`, '-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  run([`${PG_BIN}/pg_ctl`, '-D', `${dir}/data`, '-l', `${dir}/log`, '-w', '-o', `-p ${port} -k ${dir}/sock -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
  const entry = {
    name: 'postgres',
    kind: 'pg',
    stop: async () => {
      try {
        run([`${PG_BIN}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', '-w', 'stop']);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
  running.push(entry);
  console.log(`[bench] PostgreSQL 15 up on 127.0.0.1:${port} (${dir})`);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dataDir: `${dir}/data`, stop: entry.stop };
}

/** Stops everything this process started, servers first (they hold database connections). */
export async function stopAll() {
  const servers = running.filter((e) => e.kind === 'server');
  const others = running.filter((e) => e.kind !== 'server');
  running.length = 0;
  await Promise.all(servers.map((e) => e.stop()));
  for (const e of others) await e.stop();
}
