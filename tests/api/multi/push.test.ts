/**
 * Addition (issue 26): two server processes (the built server) on one PostgreSQL both run the push
 * sender every second; every event still reaches the device once. A push service on localhost
 * receives the messages and the test decrypts them. Run by `npm run test:multi` (needs DATABASE_URL).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { databaseUrl, freshDatabase, type TestDatabase } from '../support/database.ts';
import { makeClient } from '../support/client.ts';
import { MAIN, startProcess, stopProcess, type Proc } from './processes.ts';
import { startPushService, type PushService } from '../support/push-service.ts';

if (!databaseUrl) throw new Error('push.test.ts needs DATABASE_URL (a PostgreSQL both server processes share)');

const PROCESS_ENV = { DEMO_USERS: '1', PUSH_INTERVAL: '1', PUSH_ALLOW_LOOPBACK: '1', RATE_LIMIT_SIGNUP: '1000/60', RATE_LIMIT_TOKEN: '1000/60' };

let database: TestDatabase;
let a: Proc;
let b: Proc;
let push: PushService;

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: npm run build:server first (npm run test:multi does)`);
  database = await freshDatabase();
  push = await startPushService();
  a = await startProcess(database.url!, PROCESS_ENV);
  b = await startProcess(database.url!, PROCESS_ENV);
}, 120_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map(stopProcess));
  for (const p of [a, b].filter(Boolean)) expect(p.log(), 'a server logged a failure').not.toMatch(/"level":(50|60)|internal_server_error/);
  await push?.close();
  await database?.destroy();
});

/** A zone where it is daytime now (outside the quiet hours 21:00–08:00). */
function daytimeZone(): string {
  const zones = ['UTC', 'Europe/Amsterdam', 'Asia/Tokyo', 'America/New_York', 'Pacific/Honolulu', 'Asia/Kolkata', 'Australia/Sydney'];
  const hour = (z: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone: z, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  return zones.find((z) => hour(z) >= 9 && hour(z) < 19)!;
}

let seq = 0;
async function signUp(p: Proc, referrer?: string) {
  const email = `push.${process.pid}.${Date.now().toString(36)}.${++seq}@example.test`;
  const password = 'Sup3r-secret!';
  const c = makeClient(p.url);
  const r = await c.post('/application-users', { first_name: 'Push', last_name: 'Test', email, password, password_confirmation: password, country_id: 1, referrer_code: referrer });
  expect(r.status, r.text).toBe(201);
  const t = await c.post('/oauth/v2/token', { grant_type: 'password', username: email, password });
  expect(t.status, t.text).toBe(200);
  return { code: r.body.ambassador_code as string, api: (q: Proc) => makeClient(q.url, t.body.access_token as string) };
}

test('two processes sending every second: each event reaches the device exactly once, with one VAPID key', async () => {
  const keyA = (await makeClient(a.url).get<{ public_key: string }>('/notifications/push-key')).body.public_key;
  expect((await makeClient(b.url).get<{ public_key: string }>('/notifications/push-key')).body.public_key).toBe(keyA);

  const u = await signUp(a);
  expect((await u.api(b).put('/application-users/me/notification-settings', { invite: true, time_zone: daytimeZone(), lang: 'nl' })).status).toBe(200);
  const sub = push.subscription('device');
  expect((await u.api(a).put('/application-users/me/push-subscription', { endpoint: sub.endpoint, keys: sub.keys })).status).toBe(204);

  // A slow push service: each run spends longer sending than the 1 s between runs, so the two
  // processes' runs overlap and both see the same due events.
  push.delayMs = 600;
  for (let i = 0; i < 4; i++) await signUp(i % 2 ? a : b, u.code);
  const t0 = Date.now();
  while (sub.received().length < 4 && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 200));
  // Both senders ran several more times meanwhile: nothing more arrives.
  await new Promise((r) => setTimeout(r, 3000));
  const got = sub.received();
  expect(got).toHaveLength(4);
  expect(new Set(got.map((m) => m.id)).size).toBe(4);
  expect(got[0]).toMatchObject({ title: 'Iemand heeft zich aangemeld', url: '/nl/ambassador', lang: 'nl' });
  for (const m of push.messages) expect(String(m.headers.authorization)).toContain(`k=${keyA}`);
}, 90_000);
