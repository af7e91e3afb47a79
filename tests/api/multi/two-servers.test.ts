/**
 * Two server processes (the built server, build/server/main.js) on one PostgreSQL database, with
 * requests spread across both: the concurrency rules hold across processes because they live in the
 * database, not in either process's memory. Run by `npm run test:multi` (needs DATABASE_URL; CI runs
 * it on its PostgreSQL). Each case speaks as its own client address through X-Forwarded-For
 * (TRUST_PROXY=1, as behind a load balancer), so the per-client limits of one case do not touch another.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseUrl, freshDatabase, type TestDatabase } from '../support/database.ts';
import { makeClient, type Client, type Res } from '../support/client.ts';
import { DEMO } from '../support/harness.ts';
import { MAIN, startProcess, stopProcess, type Proc } from './processes.ts';
import { conversion } from '../support/partner.ts';
import { signatureHeader } from '../../../server/services/partner-signature.ts';
import { PNG } from '../support/images.ts';

if (!databaseUrl) throw new Error('two-servers.test.ts needs DATABASE_URL (a PostgreSQL both server processes share)');

const TOKEN_LIMIT = 6;
/** Both processes know the network (the demo secret would be shared through the database too). */
const PARTNER_SECRET = 'two-servers-secret-0123456789';
const PROCESS_ENV = {
  DEMO_USERS: '3',
  TRUST_PROXY: '1',
  RATE_LIMIT_TOKEN: `${TOKEN_LIMIT}/60`,
  RATE_LIMIT_SIGNUP: '50/3600',
  PARTNER_SECRETS: `demo:${PARTNER_SECRET}`,
  // Both run the payout job every second: each reward must still be paid once.
  PAYOUT_INTERVAL: '1',
};

let database: TestDatabase;
let a: Proc;
let b: Proc;
let clientSeq = 0;

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: npm run build:server first (npm run test:multi does)`);
  database = await freshDatabase();
  a = await startProcess(database.url!, PROCESS_ENV);
  b = await startProcess(database.url!, PROCESS_ENV);
}, 120_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map(stopProcess));
  for (const p of [a, b].filter(Boolean)) expect(p.log(), 'a server logged a failure').not.toMatch(/"level":(50|60)|\bfailed:|internal_server_error/);
  await database?.destroy();
});

/** A client with its own address, alternating between the two servers call by call. */
function spread(token?: string) {
  const address = `198.51.100.${++clientSeq}`;
  const clients = [a, b].map((p) => makeClient(p.url, token ?? null, { headers: { 'X-Forwarded-For': address } }));
  let n = 0;
  const next = (): Client => clients[n++ % 2];
  return {
    address,
    next,
    on: (i: 0 | 1) => clients[i],
    token: (body: Record<string, unknown>) => next().post('/oauth/v2/token', body),
  };
}

let emailSeq = 0;
async function newUser() {
  const email = `two.${process.pid}.${Date.now().toString(36)}.${++emailSeq}@example.test`;
  const password = 'Sup3r-secret!';
  const c = spread();
  const r = await c.next().post('/application-users', {
    first_name: 'Two',
    last_name: 'Servers',
    email,
    password,
    password_confirmation: password,
    country_id: 1,
  });
  expect(r.status, r.text).toBe(201);
  const t = await c.token({ grant_type: 'password', username: email, password });
  expect(t.status, t.text).toBe(200);
  return { email, password, id: r.body.id as number, access: t.body.access_token as string, refresh: t.body.refresh_token as string };
}

const statuses = (rs: Res[]) => rs.map((r) => r.status).sort((x, y) => x - y);

describe('two server processes, one PostgreSQL', () => {
  test('the sign-in throttle: 40 wrong passwords from 40 addresses across both → 5 checked, 35 refused; then the right one is refused too', async () => {
    const u = await newUser();
    const tries = await Promise.all(
      Array.from({ length: 40 }, (_, i) => spread().token({ grant_type: 'password', username: u.email, password: `wrong-${i}` })),
    );
    expect(tries.filter((r) => r.status === 400)).toHaveLength(5);
    expect(tries.filter((r) => r.status === 429)).toHaveLength(35);
    for (const i of [0, 1] as const) {
      const right = await spread().on(i).post('/oauth/v2/token', { grant_type: 'password', username: u.email, password: u.password });
      expect(right.status, right.text).toBe(429);
    }
  });

  test('refresh-token reuse: the same refresh token sent to both at once rotates once; the replay revokes the session everywhere', async () => {
    const u = await newUser();
    const c = spread();
    const both = await Promise.all([0, 1].map((i) => c.on(i as 0 | 1).post('/oauth/v2/token', { grant_type: 'refresh_token', refresh_token: u.refresh })));
    expect(both.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(both.filter((r) => r.status === 400).length).toBeGreaterThanOrEqual(1);
    for (const r of both) expect(r.status).not.toBe(500);
    const winner = both.find((r) => r.status === 200);
    if (winner) {
      // The rotated token is revoked with its family: neither server accepts it.
      for (const i of [0, 1] as const) {
        const again = await c.on(i).post('/oauth/v2/token', { grant_type: 'refresh_token', refresh_token: winner.body.refresh_token });
        expect(again.status, again.text).toBe(400);
      }
    }
    // Sequential replay across servers: rotate on A, replay the old one on B, the new one dies on A.
    const v = await newUser();
    const d = spread(); // its own address: c has used most of its token budget
    const rotated = await d.on(0).post('/oauth/v2/token', { grant_type: 'refresh_token', refresh_token: v.refresh });
    expect(rotated.status).toBe(200);
    expect((await d.on(1).post('/oauth/v2/token', { grant_type: 'refresh_token', refresh_token: v.refresh })).status).toBe(400);
    expect((await d.on(0).post('/oauth/v2/token', { grant_type: 'refresh_token', refresh_token: rotated.body.refresh_token })).status).toBe(400);
    // The revoked access token is refused by the server that did not revoke it (reads the database).
    expect((await makeClient(b.url, rotated.body.access_token).get('/application-users/me')).status).toBe(401);
  });

  test('one card per paid order: the provider’s Pay submitted ten times across both servers makes one wallet card', async () => {
    const u = await newUser();
    const c = spread(u.access);
    const order = await c.next().post('/corporate-partners/5/pay', { amount: 25 });
    expect(order.status, order.text).toBe(201);
    const path = new URL(order.body.payment_url).pathname;
    const page = await c.on(1).get(path);
    const action = /action="([^"]+\/pay)"/.exec(page.text)?.[1];
    expect(action, page.text.slice(0, 200)).toBeTruthy();
    const actionPath = new URL(action!, a.url).pathname;
    const submits = await Promise.all(
      Array.from({ length: 10 }, (_, i) => c.on((i % 2) as 0 | 1).post(actionPath, undefined, { raw: '', contentType: 'application/x-www-form-urlencoded' })),
    );
    for (const r of submits) expect(r.status, r.text.slice(0, 200)).toBeLessThan(500);
    const wallet = await c.next().get('/wallet/me');
    expect(wallet.body.filter((w: { amount: number }) => w.amount === 2500)).toHaveLength(1);
    const ready = await c.next().get(`/payment-intent/order-is-ready/${order.body.order_id}`);
    expect(ready.status).toBe(200);
  });

  test('a wallet card’s balance events across both servers: one balance, every event kept, a resent event applied once', async () => {
    const u = await newUser();
    const c = spread(u.access);
    const order = await c.next().post('/corporate-partners/5/pay', { amount: 50 });
    expect(order.status, order.text).toBe(201);
    const page = await c.on(0).get(new URL(order.body.payment_url).pathname);
    const action = new URL(/action="([^"]+\/pay)"/.exec(page.text)![1], a.url).pathname;
    expect((await c.on(1).post(action, undefined, { raw: '', contentType: 'application/x-www-form-urlencoded' })).status).toBe(303);
    const card = (await c.next().get('/wallet/me')).body[0] as { id: number };
    const path = `/wallet/${card.id}/balance-events`;
    const spends = Array.from({ length: 12 }, (_, i) => ({ event_id: `two-servers-${i}`, type: 'spend', amount: 1.25 }));
    // Each event twice (an outbox resend), the copies on the other server, all at once.
    const answers = await Promise.all(spends.flatMap((e) => [c.on(0).post(path, e), c.on(1).post(path, e)]));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(12);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(12);
    const history = (await c.next().get(path, { query: { limit: 100 } })).body.results as Array<{ change: number; balance: number }>;
    expect(history).toHaveLength(12);
    let balance = 5000;
    for (const e of [...history].reverse()) {
      expect(e.balance).toBe(balance + e.change);
      balance = e.balance;
    }
    expect(balance).toBe(5000 - 12 * 125);
    expect((await c.next().get('/wallet/me')).body[0].amount).toBe(balance);
  });

  test('the targets rule: five targets chosen at once across both servers leave exactly two, at least one social', async () => {
    const u = await newUser();
    const c = spread(u.access);
    // Projects 1 and 2 are not social; 3, 4 and 8 are.
    const answers = await Promise.all([1, 3, 2, 4, 8].map((id) => c.next().post('/application-users/targets', { target_id: id })));
    expect(statuses(answers).every((s) => s === 201 || s === 422), JSON.stringify(statuses(answers))).toBe(true);
    const list = await c.next().get('/application-users/targets');
    expect(list.body.results).toHaveLength(2);
    expect(list.body.results.some((x: { target: { social: boolean } }) => x.target.social)).toBe(true);
  });

  test('rate limits are shared: one client alternating between the servers gets the limit once, not twice', async () => {
    const c = spread();
    const answers: Res[] = [];
    for (let i = 0; i < TOKEN_LIMIT * 2; i++) answers.push(await c.token({ grant_type: 'client_credentials' }));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(TOKEN_LIMIT);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(TOKEN_LIMIT);
    for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is unaffected, on either server.
    expect((await spread().token({ grant_type: 'client_credentials' })).status).toBe(200);
  });

  test('payout under two processes: every confirmed reward is paid once, to the target, whichever server got the conversions', async () => {
    const u = await newUser();
    const c = spread(u.access);
    expect((await c.next().post('/application-users/targets', { target_id: 3 })).status).toBe(201);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const ref = `twoservers${process.pid}x${Date.now().toString(36)}x${i}`;
      const trip = await c.next().post('/shopping-trips', { corporate_partner_id: 4, idempotency_key: `trip-${ref}`, click_ref: ref });
      expect(trip.status, trip.text).toBe(201);
      const raw = JSON.stringify(conversion(ref, { status: 'approved', order_amount: `${40 + i}.00` }));
      // The same delivery to both servers at once: applied once.
      const sent = await Promise.all(
        [a, b].map((p) =>
          makeClient(p.url).post('/partner/v1/conversions', undefined, { raw, contentType: 'application/json', headers: { 'X-SocialPay-Signature': signatureHeader(PARTNER_SECRET, raw) } }),
        ),
      );
      for (const r of sent) expect(r.status, r.text).toBe(200);
      expect(sent[0].body.transaction.id).toBe(sent[1].body.transaction.id);
      ids.push(sent[0].body.transaction.id);
    }
    const paidAt = async () =>
      Promise.all(ids.map(async (id) => (await c.next().get(`/user-loyalty-transactions/${id}`)).body.external_transaction.paid_at as string | null));
    const t0 = Date.now();
    while ((await paidAt()).some((p) => p === null)) {
      if (Date.now() - t0 > 20_000) throw new Error('rewards were not paid within 20 s');
      await new Promise((r) => setTimeout(r, 300));
    }
    await new Promise((r) => setTimeout(r, 2500)); // a few more runs of both jobs
    const rewards = await Promise.all(ids.map(async (id) => (await c.next().get(`/user-loyalty-transactions/${id}`)).body.debit_amount.amount as number));
    const txs = (await c.next().get('/user-loyalty-transactions', { query: { limit: 100 } })).body.results as Array<{ type: { name: string }; credit_amount: { amount: number } }>;
    const donations = txs.filter((x) => x.type.name === 'donation');
    expect(donations).toHaveLength(ids.length);
    expect(donations.map((d) => d.credit_amount.amount).sort()).toEqual([...rewards].sort());
  });

  test('a trip (sent late, from the outbox) and its conversion arriving at once on different servers always meet', async () => {
    const u = await newUser();
    const c = spread(u.access);
    const refs = Array.from({ length: 40 }, (_, i) => `meet${process.pid}x${Date.now().toString(36)}x${i}`);
    await Promise.all(
      refs.flatMap((ref, i) => {
        const raw = JSON.stringify(conversion(ref, { status: 'pending', order_amount: '10.00' }));
        const partner = makeClient([a, b][i % 2].url);
        return [
          c.on(((i + 1) % 2) as 0 | 1).post('/shopping-trips', { corporate_partner_id: 4, idempotency_key: `trip-${ref}`, click_ref: ref }),
          partner.post('/partner/v1/conversions', undefined, { raw, contentType: 'application/json', headers: { 'X-SocialPay-Signature': signatureHeader(PARTNER_SECRET, raw) } }),
        ];
      }),
    );
    const trips = (await c.next().get('/shopping-trips', { query: { limit: 100 } })).body.results as Array<{ click_ref: string; transaction_id: number | null }>;
    const unmatched = trips.filter((trip) => refs.includes(trip.click_ref) && trip.transaction_id === null).map((trip) => trip.click_ref);
    expect(unmatched).toEqual([]);
  });

  test('an account deleted on one server: the other answers its token 401 on donations and privacy, not 404', async () => {
    const u = await newUser();
    const c = spread(u.access);
    expect((await c.on(1).get('/application-users/me/privacy')).status).toBe(200); // B knows the token now
    expect((await c.on(0).delete('/application-users/me')).status).toBe(204);
    const answers = await Promise.all([c.on(1).post('/project/1/donate', { amount: 1 }), c.on(1).get('/application-users/me/privacy'), c.on(1).put('/application-users/me/privacy', { screen_visits: true })]);
    for (const r of answers) {
      expect(r.status, r.text).toBe(401);
      expect(r.body).toMatchObject({ error: 'unauthorized' });
    }
  });

  test('twenty uploads at once across both servers: each is kept (201) or asked again (409), never a 401', async () => {
    const u = await newUser();
    const c = spread(u.access);
    const upload = () => {
      const fd = new FormData();
      fd.append('file', new Blob([PNG], { type: 'image/png' }), 'photo.png');
      return c.next().post('/files', undefined, { raw: fd });
    };
    const answers = await Promise.all(Array.from({ length: 20 }, upload));
    for (const r of answers) expect([201, 409], r.text).toContain(r.status);
    expect((await c.next().get('/application-users/me')).status).toBe(200);
  });

  test('the demo account signs in on both', async () => {
    for (const i of [0, 1] as const) {
      const r = await spread().on(i).post('/oauth/v2/token', { grant_type: 'password', username: DEMO.email, password: DEMO.password });
      expect(r.status, r.text).toBe(200);
    }
  });
});
