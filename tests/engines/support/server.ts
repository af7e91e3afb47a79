// The built server (build/server/main.js) as a child process on a fresh data dir, which a journey can
// stop (the app is then offline: every request fails as with no network) and start again on the same
// port and data, as a phone's connection comes back.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export interface TestServer {
  baseUrl: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startServer(port: number): Promise<TestServer> {
  const main = resolve('build/server/main.js');
  if (!existsSync(main) || !existsSync(resolve('dist/index.html'))) throw new Error('no build: run `npm run build` first (npm test builds in test:e2e)');
  const dataDir = resolve('.tmp/engines-db');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dirname(dataDir), { recursive: true });
  const baseUrl = `http://localhost:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_USERS: '3',
    PUBLIC_URL: baseUrl,
    RATE_LIMIT_TOKEN: '2000/60',
    RATE_LIMIT_TRACKING: '20000/60',
  };
  let child: ChildProcess | null = null;
  let log = '';

  const start = async () => {
    child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    const until = Date.now() + 180_000; // as Playwright's webServer: a first seed on a busy machine is slow
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log.slice(-2000)}`);
      try {
        if ((await fetch(`${baseUrl}/api/v1.0/health`)).ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > until) throw new Error(`server not ready after 180 s:\n${log.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
    child = null;
  };
  await start();
  return { baseUrl, start, stop };
}
