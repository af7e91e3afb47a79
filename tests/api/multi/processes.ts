/**
 * The built server (build/server/main.js) as child processes on a PostgreSQL database, for the
 * multi-process tests: start one on a free port (ready when /health answers), stop it with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const MAIN = resolve(ROOT, 'build/server/main.js');

export interface Proc {
  url: string;
  child: ChildProcess;
  log: () => string;
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

export async function startProcess(url: string, env: Record<string, string> = {}): Promise<Proc> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      PUBLIC_URL: base,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const t0 = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${base}/api/v1.0/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    // A fresh embedded database migrates and seeds first: on a busy machine that takes most of a minute.
    if (Date.now() - t0 > 150_000) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: base, child, log: () => log };
}

export function stopProcess(p: Proc): Promise<void> {
  return new Promise((res) => {
    if (p.child.exitCode !== null) return res();
    p.child.once('exit', () => res());
    p.child.kill('SIGTERM');
  });
}

