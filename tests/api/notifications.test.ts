/**
 * Addition (issue 26): notifications. The switches (all off until turned on), this device's push
 * subscription, the events (expiry reminders, reward states, claim answers, invite sign-ups) in the
 * inbox, and their pushes: a push service on localhost receives them and the test DECRYPTS each with
 * the subscription's own keys, so what is asserted is what the user would read. The sending job's
 * single run is called with a chosen clock (quiet hours, backoff).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { InboxPage, NotificationSettings, ShoppingTrip } from '../../server/contract/types.ts';
import { recordExpiryReminders } from '../../server/services/notifications.ts';
import webpush from 'web-push';
import { loadConfig } from '../../server/config.ts';
import { pushEndpointRule, quietUntil, sendDuePushes, vapidKeys, type Vapid } from '../../server/services/push-sender.ts';
import { runPayout } from '../../server/services/payout.ts';
import { createOperator } from '../../server/services/operators.ts';
import { useServer, type SignedUp } from './support/harness.ts';
import { expectError } from './support/shapes.ts';
import { conversion, network } from './support/partner.ts';
import { startPushService, type PushService, type TestSubscription } from './support/push-service.ts';

const t = useServer({ env: { PUSH_ALLOW_LOOPBACK: '1' } });
const net = network(t);
let push: PushService;
let vapid: Vapid;

beforeAll(async () => {
  push = await startPushService();
  vapid = await vapidKeys(t.server.db, t.server.config);
});
afterAll(() => push?.close());

const DAY = 86_400_000;
/** Midnight UTC `days` from today, plus `hours`. */
const dayAt = (days: number, hours = 0, minutes = 0) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, hours, minutes));
};
const dateOf = (d: Date) => d.toISOString().slice(0, 10);
/** Tomorrow noon UTC: after every row's push_after, and daytime in UTC. */
const NOON = () => dayAt(1, 12);
const endpoints = () => pushEndpointRule(t.server.config);
const run = (now: Date) => sendDuePushes(t.server.db, vapid, { now, endpoints: endpoints() });

/** socialpay_push_deliveries_total by outcome, scraped from /metrics as Prometheus would. */
async function pushCounts(): Promise<Record<'sent' | 'gone' | 'retry', number>> {
  const r = await t.anon.get(`${t.baseUrl}/metrics`);
  expect(r.status).toBe(200);
  const read = (outcome: string) => Number(new RegExp(`^socialpay_push_deliveries_total\\{outcome="${outcome}"\\} (\\S+)$`, 'm').exec(r.text)?.[1] ?? 0);
  return { sent: read('sent'), gone: read('gone'), retry: read('retry') };
}

const ALL_ON = { expiry: true, reward: true, claim: true, invite: true };

async function subscribed(lang: 'en' | 'nl', settings: Record<string, unknown> = ALL_ON, timeZone = 'UTC'): Promise<{ u: SignedUp; sub: TestSubscription }> {
  const u = await t.signUp();
  expect((await u.api.put('/application-users/me/notification-settings', { ...settings, time_zone: timeZone, lang })).status).toBe(200);
  const sub = push.subscription(randomUUID());
  const r = await u.api.put('/application-users/me/push-subscription', { endpoint: sub.endpoint, keys: sub.keys });
  expect(r.status, r.text).toBe(204);
  return { u, sub };
}

/** Another signed-in device of `u`, subscribed; its push service answers `status` (0: never). */
async function addDevice(u: SignedUp, status = 201): Promise<TestSubscription> {
  const device = t.api((await t.login(u.email, u.password)).access_token);
  const sub = push.subscription(randomUUID());
  expect((await device.put('/application-users/me/push-subscription', { endpoint: sub.endpoint, keys: sub.keys })).status).toBe(204);
  push.answer(new URL(sub.endpoint).pathname, status);
  return sub;
}
const pathOf = (sub: TestSubscription) => new URL(sub.endpoint).pathname;

async function addCard(userId: number, expiry: Date, over: { amount?: number; used?: boolean } = {}): Promise<number> {
  const { rows } = await t.server.db.query<{ id: number }>(
    `INSERT INTO wallet_items (user_id, brand_id, amount, currency, card_number, pin, barcode_value, barcode_format, expiry_date, used_at)
     VALUES ($1, 4, $2, 'EUR', 'CARD-N', '1234', '123456', 'CODE128', $3::date, $4) RETURNING id`,
    [userId, over.amount ?? 2500, dateOf(expiry), over.used ? new Date().toISOString() : null],
  );
  return rows[0].id;
}

const brandName = async (id: number) => (await t.server.db.query<{ name: string }>('SELECT name FROM brands WHERE id = $1', [id])).rows[0].name;
/** A brand whose Dutch name differs ("Green Corner" / "Groene Hoek"), carried by the demo network (whose conversions reward only its own brands). */
const bilingualBrand = async () =>
  (
    await t.server.db.query<{ id: number; name: string; name_nld: string }>(
      `UPDATE brands SET network = 'demo' WHERE id = (SELECT id FROM brands WHERE name <> name_nld ORDER BY id LIMIT 1) RETURNING id, name, name_nld`,
    )
  ).rows[0];
const eventKeys = async (userId: number) =>
  (await t.server.db.query<{ event_key: string }>('SELECT event_key FROM notifications WHERE user_id = $1 ORDER BY id', [userId])).rows.map((r) => r.event_key);
const inbox = async (u: SignedUp, lang = 'en') => (await u.api.get<InboxPage>('/application-users/me/notifications', { headers: { 'accept-language': lang } })).body;

describe('configuration and the quiet-hours rule', () => {
  test('VAPID keys from the environment are used as given; one without the other, or a bad subject, stops the start', async () => {
    const k = webpush.generateVAPIDKeys();
    const c = loadConfig({ VAPID_PUBLIC_KEY: k.publicKey, VAPID_PRIVATE_KEY: k.privateKey, VAPID_SUBJECT: 'mailto:ops@socialpay.example' });
    expect(await vapidKeys(t.server.db, c)).toEqual({ ...k, subject: 'mailto:ops@socialpay.example' });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: k.publicKey })).toThrow('VAPID_PRIVATE_KEY');
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: k.privateKey })).toThrow('VAPID_PUBLIC_KEY');
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow('VAPID_SUBJECT');
    expect(loadConfig({}).vapidSubject).toBe('mailto:push@localhost');
    expect(loadConfig({ PUBLIC_URL: 'https://socialpay.example' }).vapidSubject).toBe('https://socialpay.example');
  });

  test('21:00–08:00 local is quiet, until the next 08:00 in that zone, across a DST change', () => {
    const at = (iso: string, zone: string) => quietUntil(new Date(iso), zone)?.toISOString() ?? null;
    expect(at('2026-11-27T12:00:00Z', 'Europe/Amsterdam')).toBeNull(); // 13:00 CET
    expect(at('2026-11-27T19:59:00Z', 'Europe/Amsterdam')).toBeNull(); // 20:59
    expect(at('2026-11-27T20:00:00Z', 'Europe/Amsterdam')).toBe('2026-11-28T07:00:00.000Z'); // 21:00 → 08:00 CET
    expect(at('2026-11-28T05:30:00Z', 'Europe/Amsterdam')).toBe('2026-11-28T07:00:00.000Z'); // 06:30, same morning
    expect(at('2026-11-28T07:00:00Z', 'Europe/Amsterdam')).toBeNull(); // 08:00 sharp
    // The night the clocks go forward: 22:00 CET → 08:00 CEST.
    expect(at('2026-03-28T21:00:00Z', 'Europe/Amsterdam')).toBe('2026-03-29T06:00:00.000Z');
    expect(at('2026-11-27T13:00:00Z', 'Asia/Tokyo')).toBe('2026-11-27T23:00:00.000Z'); // 22:00 JST
    expect(at('2026-11-27T13:00:00Z', 'America/New_York')).toBeNull(); // 08:00 EST
  });
});

describe('settings and subscription', () => {
  test('the VAPID public key is one P-256 key, made once and kept in the database', async () => {
    const a = await t.anon.get<{ public_key: string }>('/notifications/push-key');
    expect(a.status).toBe(200);
    const key = Buffer.from(a.body.public_key, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    expect((await t.anon.get<{ public_key: string }>('/notifications/push-key')).body.public_key).toBe(a.body.public_key);
    const kept = await t.server.db.query<{ value: string }>(`SELECT value FROM app_meta WHERE key = 'vapid_keys'`);
    expect(JSON.parse(kept.rows[0].value).publicKey).toBe(a.body.public_key);
  });

  test('every switch is off until turned on; a PUT changes only what it names; bad input is 422 and writes nothing', async () => {
    const u = await t.signUp();
    const get = async () => (await u.api.get<NotificationSettings>('/application-users/me/notification-settings')).body;
    expect(await get()).toEqual({ expiry: false, reward: false, claim: false, invite: false, time_zone: 'Europe/Amsterdam', lang: 'en', subscribed: false });
    const put = await u.api.put<NotificationSettings>('/application-users/me/notification-settings', { expiry: true, time_zone: 'Asia/Tokyo' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ expiry: true, reward: false, time_zone: 'Asia/Tokyo', lang: 'en' });
    await u.api.put('/application-users/me/notification-settings', { lang: 'nl' });
    expect(await get()).toMatchObject({ expiry: true, reward: false, time_zone: 'Asia/Tokyo', lang: 'nl' });
    for (const bad of [{ time_zone: 'Mars/Olympus' }, { reward: 'yes' }, { lang: 'de' }, { extra: true }, { time_zone: 'x'.repeat(65) }]) {
      const r = await u.api.put('/application-users/me/notification-settings', { invite: true, ...bad });
      expectError(r, 422, 'validation_error');
    }
    expect(await get()).toMatchObject({ expiry: true, invite: false, time_zone: 'Asia/Tokyo', lang: 'nl' });
    expectError(await t.api(await t.visitorToken()).get('/application-users/me/notification-settings'), 403, 'forbidden');
    expectError(await t.anon.put('/application-users/me/notification-settings', { expiry: true }), 401, 'unauthorized');
  });

  test("the subscription is this device's: bad endpoints refused, DELETE and sign-out remove it, account deletion removes all", async () => {
    const u = await t.signUp();
    const sub = push.subscription(randomUUID());
    const subs = async () => (await t.server.db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [u.user.id])).rows.length;
    for (const endpoint of ['http://push.example.com/x', 'https://10.0.0.1/x', 'https://internal/x', 'not a url', 42]) {
      expectError(await u.api.put('/application-users/me/push-subscription', { endpoint, keys: sub.keys }), 422, 'validation_error');
    }
    expectError(await u.api.put('/application-users/me/push-subscription', { endpoint: sub.endpoint, keys: { p256dh: 'short', auth: sub.keys.auth } }), 422, 'validation_error');
    expect(await subs()).toBe(0);
    expect((await u.api.put('/application-users/me/push-subscription', { endpoint: sub.endpoint, keys: sub.keys })).status).toBe(204);
    expect((await u.api.get<NotificationSettings>('/application-users/me/notification-settings')).body.subscribed).toBe(true);
    // Subscribing again (a new endpoint of the same device) replaces it.
    const again = push.subscription(randomUUID());
    await u.api.put('/application-users/me/push-subscription', { endpoint: again.endpoint, keys: again.keys });
    expect(await subs()).toBe(1);
    expect((await u.api.delete('/application-users/me/push-subscription')).status).toBe(204);
    expect(await subs()).toBe(0);
    expect((await u.api.get<NotificationSettings>('/application-users/me/notification-settings')).body.subscribed).toBe(false);

    // Signing out (revoking the device's refresh token) removes its subscription, not another device's.
    await u.api.put('/application-users/me/push-subscription', { endpoint: sub.endpoint, keys: sub.keys });
    const other = await t.login(u.email, u.password);
    const otherSub = push.subscription(randomUUID());
    await t.api(other.access_token).put('/application-users/me/push-subscription', { endpoint: otherSub.endpoint, keys: otherSub.keys });
    expect(await subs()).toBe(2);
    expect((await t.anon.post('/oauth/v2/revoke', { token: u.refresh })).status).toBe(200);
    const left = await t.server.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [u.user.id]);
    expect(left.rows.map((r) => r.endpoint)).toEqual([otherSub.endpoint]);
    expect((await t.api(other.access_token).delete('/application-users/me')).status).toBe(204);
    expect((await t.server.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [otherSub.endpoint])).rows.length).toBe(0);
  });
});

describe('expiry reminders and their pushes', () => {
  test('once per card and threshold (7 days, 1 day), never for used or empty cards; pushed in Dutch and decrypted', async () => {
    const { u, sub } = await subscribed('nl');
    const today = dayAt(0);
    const card = await addCard(u.user.id, new Date(today.getTime() + 7 * DAY));
    await addCard(u.user.id, new Date(today.getTime() + 7 * DAY), { used: true });
    await addCard(u.user.id, new Date(today.getTime() + 7 * DAY), { amount: 0 });
    await Promise.all([recordExpiryReminders(t.server.db, dateOf(today)), recordExpiryReminders(t.server.db, dateOf(today))]);
    await recordExpiryReminders(t.server.db, dateOf(today));
    expect(await eventKeys(u.user.id)).toEqual([`expiry:${card}:7`]);
    // Days later, still within the week: no second 7-day reminder; the day before: the 1-day one, once.
    await recordExpiryReminders(t.server.db, dateOf(new Date(today.getTime() + 3 * DAY)));
    expect(await eventKeys(u.user.id)).toEqual([`expiry:${card}:7`]);
    for (let i = 0; i < 2; i++) await recordExpiryReminders(t.server.db, dateOf(new Date(today.getTime() + 6 * DAY)));
    expect(await eventKeys(u.user.id)).toEqual([`expiry:${card}:7`, `expiry:${card}:1`]);

    await run(NOON());
    const got = sub.received();
    expect(got).toHaveLength(2);
    const brand = await brandName(4);
    const expiryNl = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(today.getTime() + 7 * DAY));
    expect(got[0]).toMatchObject({
      title: `Je ${brand}-cadeaukaart verloopt bijna`,
      body: `Je kaart verloopt over 7 dagen (${expiryNl}). Gebruik het tegoed voordat het vervalt.`,
      url: `/nl/wallet/${card}`,
      tag: `card-${card}`,
      lang: 'nl',
    });
    expect(got[1]).toMatchObject({ body: `Je kaart verloopt morgen (${expiryNl}). Gebruik het tegoed voordat het vervalt.`, tag: `card-${card}` });
    // By the standard: VAPID (RFC 8292) with the server's key, aes128gcm (RFC 8291), a TTL.
    const m = push.messages.find((x) => sub.endpoint.endsWith(x.path))!;
    expect(m.headers['content-encoding']).toBe('aes128gcm');
    expect(String(m.headers.authorization)).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    expect(Number(m.headers.ttl)).toBeGreaterThan(0);
    // Sent once: later runs send nothing more.
    await run(new Date(NOON().getTime() + DAY));
    expect(sub.received()).toHaveLength(2);
    // The inbox lists both, in the request's language.
    const page = await inbox(u, 'en');
    expect(page.metadata).toMatchObject({ total: 2, unread: 2 });
    expect(page.results[0]).toMatchObject({ kind: 'expiry', title: `Your ${brand} gift card expires soon`, path: `/wallet/${card}`, read: false });
  });

  test('a switch that is off: the inbox has it, no push', async () => {
    const { u, sub } = await subscribed('en', { reward: true });
    const card = await addCard(u.user.id, dayAt(1));
    await recordExpiryReminders(t.server.db, dateOf(dayAt(0)));
    await run(NOON());
    expect(sub.received()).toEqual([]);
    expect((await inbox(u)).results.map((n) => n.path)).toEqual([`/wallet/${card}`]);
    expect((await t.server.db.query<{ push_state: string }>('SELECT push_state FROM notifications WHERE user_id = $1', [u.user.id])).rows[0].push_state).toBe('skipped');
  });

  test("quiet hours: nothing between 21:00 and 08:00 in the user's time zone; held until 08:00", async () => {
    // Asia/Tokyo is UTC+9 all year: 13:00 UTC is 22:00 there, and the next 08:00 is 23:00 UTC.
    const { u, sub } = await subscribed('en', ALL_ON, 'Asia/Tokyo');
    await addCard(u.user.id, dayAt(7));
    await recordExpiryReminders(t.server.db, dateOf(dayAt(0)));
    expect((await run(dayAt(1, 13))).held).toBeGreaterThanOrEqual(1);
    await run(dayAt(1, 22, 59));
    expect(sub.received()).toEqual([]);
    await run(dayAt(1, 23, 0));
    expect(sub.received()).toHaveLength(1);
    expect(sub.received()[0]).toMatchObject({ body: expect.stringMatching(/^Your card expires in 7 days/) });
  });
});

describe('delivery', () => {
  test('a push service answering 410 (or 404) deletes that subscription; the other device still gets it', async () => {
    const { u, sub } = await subscribed('en');
    const other = await t.login(u.email, u.password);
    const gone = push.subscription(randomUUID());
    await t.api(other.access_token).put('/application-users/me/push-subscription', { endpoint: gone.endpoint, keys: gone.keys });
    push.answer(new URL(gone.endpoint).pathname, 410);
    await addCard(u.user.id, dayAt(5));
    await recordExpiryReminders(t.server.db, dateOf(dayAt(0)));
    const before = await pushCounts();
    await run(NOON());
    expect(sub.received()).toHaveLength(1);
    // Operators see it in /metrics (other tests of this file may send meanwhile: at least these).
    const after = await pushCounts();
    expect(after.sent - before.sent).toBeGreaterThanOrEqual(1);
    expect(after.gone - before.gone).toBeGreaterThanOrEqual(1);
    const left = await t.server.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [u.user.id]);
    expect(left.rows.map((r) => r.endpoint)).toEqual([sub.endpoint]);
    expect((await t.server.db.query<{ push_state: string }>('SELECT push_state FROM notifications WHERE user_id = $1', [u.user.id])).rows[0].push_state).toBe('sent');
  });

  test('another failure retries with backoff, sending again only to the device that missed it', async () => {
    const { u, sub } = await subscribed('en');
    const other = await t.login(u.email, u.password);
    const flaky = push.subscription(randomUUID());
    await t.api(other.access_token).put('/application-users/me/push-subscription', { endpoint: flaky.endpoint, keys: flaky.keys });
    const flakyPath = new URL(flaky.endpoint).pathname;
    push.answer(flakyPath, 503);
    await addCard(u.user.id, dayAt(5));
    await recordExpiryReminders(t.server.db, dateOf(dayAt(0)));
    const now = NOON();
    expect((await run(now)).retried).toBeGreaterThanOrEqual(1);
    const row = async () =>
      (await t.server.db.query<{ push_state: string; push_attempts: number; push_after: Date }>('SELECT push_state, push_attempts, push_after FROM notifications WHERE user_id = $1', [u.user.id])).rows[0];
    expect(await row()).toMatchObject({ push_state: 'pending', push_attempts: 1 });
    expect(new Date((await row()).push_after).getTime()).toBe(now.getTime() + 30_000);
    await run(new Date(now.getTime() + 29_000));
    expect(push.messages.filter((m) => m.path === flakyPath)).toHaveLength(1);
    push.answer(flakyPath, 201);
    await run(new Date(now.getTime() + 30_000));
    expect(flaky.received()).toHaveLength(1);
    expect(sub.received()).toHaveLength(1);
    expect((await row()).push_state).toBe('sent');
  });

  test("a user whose devices never answer holds up no one: that user's devices are tried at once, other users' meanwhile", async () => {
    const slow = await subscribed('en');
    push.answer(pathOf(slow.sub), 0);
    const hung = [slow.sub];
    for (let i = 0; i < 7; i++) hung.push(await addDevice(slow.u, 0));
    await addCard(slow.u.user.id, dayAt(5));
    await recordExpiryReminders(t.server.db, dateOf(dayAt(0)));
    // The other user's message is the newer one.
    const other = await subscribed('en');
    await addCard(other.u.user.id, dayAt(5));
    await recordExpiryReminders(t.server.db, dateOf(dayAt(0)));
    const started = Date.now();
    const running = sendDuePushes(t.server.db, vapid, { now: NOON(), timeoutMs: 2000, endpoints: endpoints() });
    try {
      // Out before even one of the slow user's sends has timed out.
      await expect.poll(() => other.sub.received().length, { timeout: 1500, interval: 20 }).toBe(1);
      expect((await running).retried).toBeGreaterThanOrEqual(1);
      // Eight devices, each tried once, all at once: one timeout, not eight.
      expect(Date.now() - started).toBeLessThan(2 * 2000);
      expect(push.messages.filter((m) => hung.some((s) => pathOf(s) === m.path))).toHaveLength(8);
    } finally {
      await running;
      for (const s of hung) push.answer(pathOf(s), 201);
    }
  });

  test('a run starts no send after its time budget (its claims cannot outlive it): the rest goes in the next run, each once', async () => {
    const { u, sub } = await subscribed('en');
    const slow = await addDevice(u, 0);
    for (let i = 0; i < 4; i++) await addCard(u.user.id, dayAt(5));
    await recordExpiryReminders(t.server.db, dateOf(dayAt(0)));
    const started = Date.now();
    await sendDuePushes(t.server.db, vapid, { now: NOON(), timeoutMs: 1000, budgetMs: 300, endpoints: endpoints() });
    // The first message's sends (one timeout at most), then the budget was spent: not four timeouts.
    expect(Date.now() - started).toBeLessThan(1900);
    expect(sub.received()).toHaveLength(1);
    push.answer(pathOf(slow), 201);
    // The three left are due at once; the first one is retried after its backoff, to the device that missed it.
    await run(NOON());
    expect(sub.received()).toHaveLength(4);
    expect(slow.received()).toHaveLength(3);
    await run(new Date(NOON().getTime() + 30_000));
    expect(sub.received()).toHaveLength(4);
    expect(slow.received()).toHaveLength(4);
    expect(new Set(slow.received().map((m) => m.id)).size).toBe(4);
  });

  test('a subscription stored under a looser rule is checked again when sending: a server without PUSH_ALLOW_LOOPBACK posts nothing to it', async () => {
    const { u, sub } = await subscribed('en');
    await addCard(u.user.id, dayAt(5));
    await recordExpiryReminders(t.server.db, dateOf(dayAt(0)));
    await sendDuePushes(t.server.db, vapid, { now: NOON(), endpoints: pushEndpointRule(loadConfig({})) });
    expect(push.messages.filter((m) => m.path === pathOf(sub))).toEqual([]);
    // Not a delivery: the inbox has it, as for a device that cannot be reached.
    expect((await inbox(u)).metadata.total).toBe(1);
  });

  test('two runs at once send each message once', async () => {
    const { u, sub } = await subscribed('en');
    for (let i = 0; i < 5; i++) await addCard(u.user.id, dayAt(4));
    await recordExpiryReminders(t.server.db, dateOf(dayAt(0)));
    await Promise.all([run(NOON()), run(NOON()), run(NOON())]);
    expect(sub.received()).toHaveLength(5);
    expect(new Set(sub.received().map((m) => m.tag)).size).toBe(5);
  });
});

describe('the events', () => {
  test('reward Confirmed, Paid and Canceled (with the reason), a claim answered, an invite sign-up: in the inbox and pushed', async () => {
    const { u, sub } = await subscribed('en');
    const brand = await bilingualBrand();
    const tap = async () => (await u.api.post<ShoppingTrip>('/shopping-trips', { corporate_partner_id: brand.id, idempotency_key: randomUUID(), click_ref: randomUUID().replaceAll('-', '') })).body;
    const trip = await tap();
    expect((await net.send(conversion(trip.click_ref!, { status: 'pending' }))).status).toBe(200);
    const ok = await net.send(conversion(trip.click_ref!, { status: 'approved' }));
    const txId = ok.body.transaction!.id;
    const trip2 = await tap();
    const declined = await net.send(conversion(trip2.click_ref!, { status: 'declined', reason: 'Order returned' }));
    const tx2 = declined.body.transaction!.id;
    await runPayout(t.server.db);

    const trip3 = await tap();
    await t.server.db.query(`UPDATE shopping_trips SET created_at = now() - interval '10 days' WHERE id = $1`, [trip3.id]);
    const claim = await u.api.post<{ id: number }>(`/shopping-trips/${trip3.id}/claim`, {
      idempotency_key: randomUUID(), purchase_date: dateOf(new Date(Date.now() - 9 * DAY)), order_number: 'ORD-9', amount: 20,
    });
    expect(claim.status, claim.text).toBe(201);
    const op = t.api(await createOperator(t.server.db, `op-${randomUUID()}`));
    expect((await op.post(`/operator/v1/claims/${claim.body.id}/reject`, { reason: 'No order found' })).status).toBe(200);
    await t.signUp({ referrer_code: u.user.ambassador_code });

    const keys = await eventKeys(u.user.id);
    expect(keys).toHaveLength(5);
    expect(keys).toEqual(
      expect.arrayContaining([`reward:${txId}:confirmed`, `reward:${tx2}:canceled`, `reward:${txId}:paid`, `claim:${claim.body.id}`, expect.stringMatching(/^invite:\d+$/)]),
    );
    // In Dutch the brand has its Dutch name, as the Dutch shop shows it.
    const nl = await inbox(u, 'nl');
    expect(nl.results.map((n) => [n.title, n.body, n.path])).toEqual(
      expect.arrayContaining([
        ['Beloning geannuleerd', `Je beloning van ${brand.name_nld} is geannuleerd: Order returned`, `/transactions/${tx2}`],
        ['Claim afgewezen', `Je claim voor een ontbrekende beloning bij ${brand.name_nld} is afgewezen: No order found`, `/trips?trip=${trip3.id}`],
        ['Iemand heeft zich aangemeld', 'Er heeft zich iemand aangemeld met jouw uitnodigingscode. Bedankt voor het delen!', '/ambassador'],
      ]),
    );
    await run(NOON());
    const got = sub.received();
    expect(got.map((m) => m.title).sort()).toEqual(['Claim rejected', 'Reward canceled', 'Reward confirmed', 'Reward paid', 'Someone joined']);
    expect(got.find((m) => m.title === 'Reward paid')).toMatchObject({ url: `/transactions/${txId}`, tag: `transaction-${txId}` });
    expect(got.find((m) => m.title === 'Reward canceled')).toMatchObject({ body: `Your reward from ${brand.name} was canceled: Order returned` });
    // The claim's message opens the list at its trip.
    expect(got.find((m) => m.title === 'Claim rejected')).toMatchObject({ url: `/trips?trip=${trip3.id}`, tag: `claim-${claim.body.id}` });
  });

  test('inbox: newest first with the unread count; mark one read (idempotent; not another user’s), then all', async () => {
    const u = await t.signUp();
    for (let i = 0; i < 3; i++) await t.signUp({ referrer_code: u.user.ambassador_code });
    const page = await inbox(u);
    expect(page.metadata).toMatchObject({ total: 3, unread: 3 });
    expect(page.results.map((n) => n.id)).toEqual([...page.results.map((n) => n.id)].sort((a, b) => b - a));
    const first = page.results[0].id;
    expect((await u.api.put(`/application-users/me/notifications/${first}/read`)).status).toBe(204);
    expect((await u.api.put(`/application-users/me/notifications/${first}/read`)).status).toBe(204);
    const other = await t.signUp();
    expectError(await other.api.put(`/application-users/me/notifications/${first}/read`), 404, 'not_found');
    expectError(await u.api.put('/application-users/me/notifications/abc/read'), 404, 'not_found');
    expect((await inbox(u)).metadata.unread).toBe(2);
    expect((await inbox(u)).results[0].read).toBe(true);
    expect((await u.api.post('/application-users/me/notifications/read-all')).status).toBe(204);
    expect((await inbox(u)).metadata.unread).toBe(0);
    expect((await inbox(other)).metadata).toMatchObject({ total: 0, unread: 0 });
  });
});
