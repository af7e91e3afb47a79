/**
 * Graceful drain of the built server: on SIGTERM /ready answers 503 at once (liveness stays 200),
 * a request in flight (a sign-in whose body is still arriving) completes with its answer and
 * `Connection: close`, new connections are refused once SHUTDOWN_DELAY has passed, and the
 * process exits 0 after closing the database.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { databaseUrl, freshDatabase, type TestDatabase } from '../support/database.ts';
import { DEMO } from '../support/harness.ts';
import { startProcess, stopProcess, type Proc } from './processes.ts';

if (!databaseUrl) throw new Error('drain.test.ts needs DATABASE_URL');

let database: TestDatabase;
let p: Proc;
beforeAll(async () => {
  database = await freshDatabase();
  p = await startProcess(database.url!, { SHUTDOWN_DELAY: '1', SHUTDOWN_GRACE: '20' });
}, 120_000);
afterAll(async () => {
  if (p) await stopProcess(p);
  await database?.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('SIGTERM: not ready at once, the request in flight completes, then new connections are refused', async () => {
  const body = JSON.stringify({ grant_type: 'password', username: DEMO.email, password: DEMO.password, client_id: 'web', scope: 'ios' });
  const answer = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = request(`${p.url}/oauth/v2/token`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }));
    });
    req.on('error', reject);
    req.write(body.slice(0, 20));
    // The rest arrives after SIGTERM and after the listening socket closed.
    setTimeout(() => req.end(body.slice(20)), 2500);
  });
  await sleep(300);
  expect((await fetch(`${p.url}/api/v1.0/ready`)).status).toBe(200);

  const exited = new Promise<number | null>((r) => p.child.once('exit', (code) => r(code)));
  p.child.kill('SIGTERM');
  await sleep(150);
  const ready = await fetch(`${p.url}/api/v1.0/ready`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ error: 'not_ready' });
  expect(ready.headers.get('connection')).toBe('close');
  expect((await fetch(`${p.url}/api/v1.0/health`)).status).toBe(200);

  await sleep(1500); // past SHUTDOWN_DELAY: the server no longer accepts
  const refused = await fetch(`${p.url}/api/v1.0/health`).then(
    () => 'answered',
    (err: Error & { cause?: { code?: string } }) => err.cause?.code,
  );
  expect(refused).toBe('ECONNREFUSED');

  const done = await answer;
  expect(done.status, done.body).toBe(200);
  expect(JSON.parse(done.body).access_token).toEqual(expect.any(String));
  expect(done.connection).toBe('close');
  expect(await exited).toBe(0);
  expect(p.log()).toMatch(/"msg":"draining"/);
  expect(p.log()).toMatch(/"msg":"stopped"/);
});
