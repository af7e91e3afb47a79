/**
 * Keep-alive and graceful drain of the built server. An idle keep-alive connection stays open past
 * Node's 5-second default (the server closing first races the client's next request: ECONNRESET).
 * On SIGTERM /ready answers 503 at once (liveness stays 200),
 * a request in flight (a sign-in whose body is still arriving) completes with its answer and
 * `Connection: close`, new connections are refused once SHUTDOWN_DELAY has passed, and the
 * process exits 0 after closing the database.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
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

test('an idle keep-alive connection is still open after 6 s and answers the next request on it', async () => {
  const { hostname, port } = new URL(p.url);
  const socket = connect(Number(port), hostname);
  let received = '';
  let closed = false;
  socket.on('data', (d) => (received += d.toString()));
  socket.on('close', () => (closed = true));
  const ask = async (n: number) => {
    socket.write(`GET /api/v1.0/health HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`);
    for (let i = 0; i < 100 && received.split('{"ok":true}').length <= n; i++) await sleep(50);
    expect(received.split('{"ok":true}').length - 1).toBe(n);
  };
  try {
    await ask(1);
    await sleep(6_000);
    expect(closed).toBe(false);
    await ask(2);
    expect(received.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
  } finally {
    socket.destroy();
  }
});

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
