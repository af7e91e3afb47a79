/**
 * POST /application-users/me/export: every user-linked table's rows for the caller and none of another
 * user's (two users seeded with every kind of record, then diffed), step-up, the per-user limit, and a
 * streamed body.
 */
import { describe, expect, test } from 'vitest';
import { EXPORT_TABLES } from '../../server/services/data-export.ts';
import { useServer, type SignedUp } from './support/harness.ts';
import { expectError } from './support/shapes.ts';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A full garbage collection on demand (the flag is read when a context is made; no --expose-gc needed).
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const t = useServer();

/** Gives `u` at least one row in every user-linked table (SQL: the shape of each row is not under test here). */
async function seedEverything(u: SignedUp, tag: string): Promise<void> {
  const db = t.server.db;
  const one = async (sql: string) => (await db.query<{ id: number }>(sql)).rows[0].id;
  const brand = await one('SELECT id FROM brands ORDER BY id LIMIT 1');
  const project = await one('SELECT id FROM projects ORDER BY id LIMIT 1');
  const interest = await one('SELECT id FROM interests ORDER BY id LIMIT 1');
  const uid = u.user.id;
  await db.query('INSERT INTO user_interests (user_id, interest_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [uid, interest]);
  await db.query('INSERT INTO favorites (user_id, brand_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [uid, brand]);
  await db.query('INSERT INTO user_targets (user_id, project_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [uid, project]);
  const card = (
    await db.query<{ id: number }>(
      `INSERT INTO wallet_items (user_id, brand_id, amount, currency, card_number, pin, barcode_value, barcode_format)
       VALUES ($1, $2, 2500, 'EUR', $3, '4321', $3, 'QR') RETURNING id`,
      [uid, brand, `CARD-${tag}`],
    )
  ).rows[0].id;
  await db.query(
    `INSERT INTO wallet_balance_events (wallet_item_id, event_id, type, amount, change, balance) VALUES ($1, $2, 'spend', 500, -500, 2000)`,
    [card, `ev-${tag}`],
  );
  await db.query(`INSERT INTO orders (user_id, brand_id, amount, currency, token_hash, status, wallet_item_id) VALUES ($1, $2, 2500, 'EUR', $3, 'paid', $4)`, [
    uid,
    brand,
    `order-${tag}`,
    card,
  ]);
  await db.query('INSERT INTO fondo_journeys (token_hash, user_id) VALUES ($1, $2)', [`journey-${tag}`, uid]);
  const trip = (await db.query<{ id: number }>('INSERT INTO shopping_trips (user_id, brand_id, idempotency_key) VALUES ($1, $2, $3) RETURNING id', [uid, brand, `trip-${tag}`]))
    .rows[0].id;
  await db.query(
    `INSERT INTO reward_claims (trip_id, user_id, idempotency_key, purchase_date, order_number, amount) VALUES ($1, $2, $3, current_date, $4, 1999)`,
    [trip, uid, `claim-${tag}`, `ON-${tag}`],
  );
  await db.query(
    `INSERT INTO partner_conversions (network, order_ref, click_ref, trip_id, order_amount, currency, status, occurred_at)
     VALUES ('demo', $1, $2, $3, 5995, 'EUR', 'pending', now())`,
    [`order-ref-${tag}`, `click-${tag}`, trip],
  );
  await db.query(
    `INSERT INTO loyalty_transactions (user_id, type_id, direction, debit_account_id, credit_account_id, amount, brand_id, ext_partner_name)
     SELECT $1, (SELECT id FROM transaction_types WHERE name = 'signup'), 'in', a.id, a.id, 150, $2, $3 FROM loyalty_accounts a WHERE a.user_id = $1`,
    [uid, brand, `partner-${tag}`],
  );
  await db.query('INSERT INTO screen_visits (screen, user_id) VALUES ($1, $2)', [`Screen ${tag}`, uid]);
  await db.query(`INSERT INTO files (user_id, access_key, mime, size) VALUES ($1, $2, 'image/png', 3)`, [uid, `key-${tag}`]);
  await u.api.put('/application-users/me/notification-settings', { expiry: true, time_zone: 'Europe/Amsterdam' });
  await db.query('INSERT INTO push_subscriptions (user_id, family_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4, $5)', [
    uid, `family-${tag}`, `https://push.example.test/${tag}`, 'p256dh-key', 'auth-key',
  ]);
  // An invitee of u (its sign-up is all the export says about it; u's inbox gets its notification).
  await t.signUp({ referrer_code: u.user.ambassador_code });
}

const exportOf = (u: SignedUp, body: unknown = { password: u.password }) => u.api.post('/application-users/me/export', body);

describe('POST /application-users/me/export', () => {
  test("holds every table's rows of the caller and none of another user's", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await seedEverything(a, `a${a.user.id}`);
    await seedEverything(b, `b${b.user.id}`);
    const res = await exportOf(a);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="socialpay-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = JSON.parse(res.text) as { version: number; user_id: number; tables: Record<string, Record<string, unknown>[]> };
    expect(data.version).toBe(1);
    expect(data.user_id).toBe(a.user.id);
    expect(Object.keys(data.tables)).toEqual(EXPORT_TABLES.map((x) => x.name));
    for (const name of Object.keys(data.tables)) expect(data.tables[name].length, `${name} has a row`).toBeGreaterThan(0);
    // The same export as b: the row counts match table by table, and nothing of b (its tags, ids) is in a's.
    const bData = JSON.parse((await exportOf(b)).text) as typeof data;
    for (const name of Object.keys(data.tables)) expect(bData.tables[name].length, name).toBe(data.tables[name].length);
    const text = res.text;
    expect(text).toContain(`CARD-a${a.user.id}`);
    expect(text).toContain('"pin":"4321"');
    // b's tag as its seeded values carry it ('CARD-b5', 'Screen b5'), not inside a random email ('mx1eb5bt').
    expect(text).not.toMatch(new RegExp(`(?<![A-Za-z0-9])b${b.user.id}(?![0-9])`));
    expect(text).not.toContain(b.email);
    expect(data.tables.profile).toEqual([expect.objectContaining({ id: a.user.id, email: a.email })]);
    // Secrets that are not the user's data stay out.
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain('token_hash');
    expect(text).not.toContain(`order-a${a.user.id}`);
    expect(text).not.toContain('p256dh-key');
    expect(data.tables.notifications).toEqual([expect.objectContaining({ kind: 'invite' })]);
  });

  test('step-up: a wrong password is refused; a sign-in within 5 minutes needs none; an older one does', async () => {
    const u = await t.signUp();
    expectError(await exportOf(u, { password: 'not-my-password' }), 403, 'step_up_required');
    // signUp just signed in: fresh enough without the password.
    expect((await exportOf(u, {})).status).toBe(200);
    await t.server.db.query(`UPDATE token_families SET created_at = now() - interval '6 minutes' WHERE user_id = $1`, [u.user.id]);
    expectError(await exportOf(u, {}), 403, 'step_up_required');
    // Every attempt counts towards the limit (it bounds password guessing too): a second user shows the
    // password still opens an export after an old sign-in.
    const v = await t.signUp();
    await t.server.db.query(`UPDATE token_families SET created_at = now() - interval '6 minutes' WHERE user_id = $1`, [v.user.id]);
    expectError(await exportOf(v, {}), 403, 'step_up_required');
    expect((await exportOf(v)).status).toBe(200);
  });

  test('limited per user: the fourth export within the hour is 429 with Retry-After; others are not held up', async () => {
    const u = await t.signUp();
    for (let i = 0; i < 3; i++) expect((await exportOf(u)).status).toBe(200);
    const over = expectError(await exportOf(u), 429, 'too_many_requests');
    expect(over).toBeTruthy();
    expect(Number((await exportOf(u)).headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await t.signUp();
    expect((await exportOf(other)).status).toBe(200);
  });

  test('streamed: 50,000 transactions arrive in many chunks while the server heap stays flat', { timeout: 300_000 }, async () => {
    const u = await t.signUp();
    await t.server.db.query(
      `INSERT INTO loyalty_transactions (user_id, type_id, direction, debit_account_id, credit_account_id, amount, ext_partner_name, occurred_at)
       SELECT $1, (SELECT id FROM transaction_types WHERE name = 'signup'), 'in', a.id, a.id, g, 'A partner with a longish name', now() - g * interval '1 minute'
         FROM loyalty_accounts a, generate_series(1, 50000) g WHERE a.user_id = $1`,
      [u.user.id],
    );
    const NEEDLE = '"ext_partner_name":"A partner with a longish name"';
    // Live heap, after a full collection: heapUsed alone counts garbage not yet collected, which
    // depends on when V8 runs its next mark-sweep (it read 40 MB above the start once, streaming).
    const heap = () => {
      collect();
      return process.memoryUsage().heapUsed;
    };
    const base = heap();
    let peak = base;
    let bytes = 0;
    let chunks = 0;
    let rows = 0;
    let tail = '';
    const res = await fetch(`${t.baseUrl}/api/v1.0/application-users/me/export`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${u.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: u.password }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      chunks++;
      // Count transaction rows without keeping the body (the test must not hold it either).
      const text = tail + decoder.decode(value, { stream: true });
      rows += text.split(NEEDLE).length - 1;
      tail = text.slice(-(NEEDLE.length - 1)); // a match cut by the chunk's end completes in the next

      if (chunks % 16 === 0) peak = Math.max(peak, heap());
    }
    expect(rows).toBe(50_000);
    expect(bytes).toBeGreaterThan(15_000_000);
    expect(chunks).toBeGreaterThan(50);
    // Held as one object, the body alone (and the rows it was built from) would stay live while sent.
    console.info(`[export] ${bytes} bytes in ${chunks} chunks; live heap ${Math.round(base / 1e6)} → peak ${Math.round(peak / 1e6)} MB`);
    expect(peak - base).toBeLessThan(bytes / 2);
  });

  test('no token 401, a visitor 403, a bad body 422', async () => {
    expectError(await t.anon.post('/application-users/me/export', {}), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).post('/application-users/me/export', {}), 403, 'forbidden');
    const u = await t.signUp();
    expectError(await exportOf(u, { password: 42 }), 422);
  });
});
