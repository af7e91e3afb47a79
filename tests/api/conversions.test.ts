/**
 * Addition (issue 25): affiliate networks' conversions, POST /partner/v1/conversions. Signature,
 * replays by event id (sequential and concurrent), out-of-order statuses, unknown clicks, the amount
 * and currency rules, and the reward terms kept from the SHOP tap.
 */
import { describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ShoppingTrip, Transaction, User } from '../../server/contract/types.ts';
import type { Client } from './support/client.ts';
import { useServer } from './support/harness.ts';
import { conversion, network } from './support/partner.ts';
import { expectError } from './support/shapes.ts';
import { runPayout } from '../../server/services/payout.ts';

const t = useServer();
const net = network(t);
/** Demo-network brands of the seed: 4 earns a percentage, 3 a fixed amount. */
const PERCENT_BRAND = 4;
const FIXED_BRAND = 3;

const clickRef = () => randomUUID().replaceAll('-', '');

async function tap(api: Client, brand = PERCENT_BRAND): Promise<ShoppingTrip> {
  const r = await api.post<ShoppingTrip>('/shopping-trips', { corporate_partner_id: brand, idempotency_key: randomUUID(), click_ref: clickRef() });
  expect(r.status, r.text).toBe(201);
  return r.body;
}
async function reward(api: Client, id: number): Promise<Transaction> {
  const r = await api.get<Transaction>(`/user-loyalty-transactions/${id}`);
  expect(r.status, r.text).toBe(200);
  return r.body;
}
async function counts() {
  const { rows } = await t.server.db.query<{ e: number; c: number; x: number }>(
    `SELECT (SELECT count(*)::int FROM partner_events) AS e, (SELECT count(*)::int FROM partner_conversions) AS c,
            (SELECT count(*)::int FROM loyalty_transactions) AS x`,
  );
  return rows[0];
}
async function balance(api: Client): Promise<number> {
  return (await api.get<User>('/application-users/me')).body.loyalty_account.amount.amount;
}

describe('signature: 401 and nothing written', () => {
  test('missing, malformed, wrong secret, stale or future t, tampered body, a network the signature does not name', async () => {
    const u = await t.signUp();
    const trip = await tap(u.api);
    const body = conversion(trip.click_ref!);
    const before = await counts();
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      await net.send(body, { unsigned: true }),
      await t.anon.post('/partner/v1/conversions', body, { headers: { 'X-SocialPay-Signature': 'v1=abc' } }),
      await net.send(body, { secret: 'not-the-secret-of-demo-at-all' }),
      await net.send(body, { t: now - 400 }),
      await net.send(body, { t: now + 400 }),
      await net.send(body, { sendRaw: JSON.stringify({ ...body, order_amount: '5995.00' }) }),
      await net.send({ ...body, network: 'other' }),
    ];
    for (const r of refused) {
      expect(r.status, r.text).toBe(401);
      expect(r.body).toMatchObject({ error: 'invalid_signature', error_description: expect.any(String) });
    }
    expect(await counts()).toEqual(before);
    // Within the tolerance it holds.
    expect((await net.send(body, { t: Math.floor(Date.now() / 1000) - 240 })).status).toBe(200);
  });
});

describe('the body: 400 / 422 in the error shape, nothing written', () => {
  test('malformed JSON, missing fields, amounts without exactly two decimals, other currencies, bad status and times', async () => {
    const u = await t.signUp();
    const trip = await tap(u.api);
    const before = await counts();
    expect((await net.send(null, { raw: '{"network":"demo",' })).status).toBe(400);
    const bad: [Record<string, unknown>, string, string?][] = [
      [{ order_amount: '59.9' }, 'order_amount'],
      [{ order_amount: '59.955' }, 'order_amount'],
      [{ order_amount: 59.95 }, 'order_amount'],
      [{ order_amount: '1,00' }, 'order_amount'],
      [{ order_amount: '-1.00' }, 'order_amount'],
      [{ order_amount: '100000.00' }, 'order_amount'],
      [{ currency: 'USD' }, 'currency', 'unsupported_currency'],
      [{ currency: 'eur' }, 'currency', 'unsupported_currency'],
      [{ status: 'paid' }, 'status'],
      [{ event_id: '' }, 'event_id'],
      [{ event_id: undefined }, 'event_id', 'required'],
      [{ order_ref: 'has space' }, 'order_ref'],
      [{ occurred_at: 'yesterday' }, 'occurred_at'],
      [{ occurred_at: '2026-02-30T10:00:00Z' }, 'occurred_at'],
      [{ occurred_at: new Date(Date.now() + 3 * 86_400_000).toISOString() }, 'occurred_at'],
      [{ reason: 'x'.repeat(201) }, 'reason'],
    ];
    for (const [over, field, code] of bad) {
      const r = await net.send(conversion(trip.click_ref!, over as object));
      const e = expectError(r, 422, 'validation_error');
      const v = e.violations?.find((x) => x.property_path === field);
      expect(v, `${JSON.stringify(over)}: ${r.text}`).toBeDefined();
      if (code) expect(v!.code).toBe(code);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('the reward ladder', () => {
  test('pending books the reward from the order and the terms at the tap; approved confirms it (spendable); declined cancels with the reason', async () => {
    const u = await t.signUp();
    const trip = await tap(u.api);
    expect(trip.terms?.type).toBe('percentage');
    const percent = trip.terms!.value;
    // The brand's rate changes after the tap: this purchase still earns what the tap showed.
    await t.server.db.query('UPDATE brands SET affiliate_percent = affiliate_percent + 7 WHERE id = $1', [PERCENT_BRAND]);
    const order = `ord-${randomUUID()}`;
    const pending = await net.send(conversion(trip.click_ref!, { order_ref: order, order_amount: '59.95' }));
    expect(pending.status, pending.text).toBe(200);
    expect(pending.body).toMatchObject({ outcome: 'applied', transaction: { state: 'Pending' } });
    const id = pending.body.transaction!.id;
    let tx = await reward(u.api, id);
    expect(tx.debit_amount.amount).toBe(Math.floor((5995 * Math.round(percent * 100) + 5000) / 10000));
    expect(tx.external_transaction).toMatchObject({ amount: { amount: 5995, currency: 'EUR' }, state: { name: 'Pending' }, corporate_partner: { id: PERCENT_BRAND } });
    expect((await u.api.get<ShoppingTrip>(`/shopping-trips/${trip.id}`)).body.transaction_id).toBe(id);
    const spendable = await balance(u.api);

    const approved = await net.send(conversion(trip.click_ref!, { order_ref: order, status: 'approved', order_amount: '59.95' }));
    expect(approved.body).toMatchObject({ outcome: 'applied', transaction: { id, state: 'Confirmed' } });
    tx = await reward(u.api, id);
    expect(tx.external_transaction).toMatchObject({ state: { name: 'Cleared' }, confirmed_at: expect.any(String), paid_at: null });
    expect(await balance(u.api)).toBe(spendable + tx.debit_amount.amount);

    const declined = await net.send(conversion(trip.click_ref!, { order_ref: order, status: 'declined', reason: 'returned' }));
    expect(declined.body).toMatchObject({ outcome: 'applied', transaction: { id, state: 'Canceled' } });
    tx = await reward(u.api, id);
    expect(tx.external_transaction).toMatchObject({ state: { name: 'Declined' }, cancel_reason: 'returned', canceled_at: expect.any(String) });
    expect(await balance(u.api)).toBe(spendable);
    await t.server.db.query('UPDATE brands SET affiliate_percent = affiliate_percent - 7 WHERE id = $1', [PERCENT_BRAND]);
  });

  test('a fixed-amount brand earns its fixed reward whatever the order amount', async () => {
    const u = await t.signUp();
    const trip = await tap(u.api, FIXED_BRAND);
    expect(trip.terms?.type).toBe('fixed');
    const r = await net.send(conversion(trip.click_ref!, { order_amount: '12.34' }));
    expect((await reward(u.api, r.body.transaction!.id)).debit_amount.amount).toBe(trip.terms!.value);
  });

  test('out of order: approved first creates it confirmed; a late pending is recorded and ignored (200); nothing steps back', async () => {
    const u = await t.signUp();
    const trip = await tap(u.api);
    const order = `ord-${randomUUID()}`;
    const first = await net.send(conversion(trip.click_ref!, { order_ref: order, status: 'approved' }));
    expect(first.body).toMatchObject({ outcome: 'applied', transaction: { state: 'Confirmed' } });
    const late = await net.send(conversion(trip.click_ref!, { order_ref: order, status: 'pending' }));
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ outcome: 'ignored', transaction: { id: first.body.transaction!.id, state: 'Confirmed' } });
    expect((await reward(u.api, first.body.transaction!.id)).external_transaction?.state.name).toBe('Cleared');
    await net.send(conversion(trip.click_ref!, { order_ref: order, status: 'declined' }));
    const again = await net.send(conversion(trip.click_ref!, { order_ref: order, status: 'approved' }));
    expect(again.body).toMatchObject({ outcome: 'ignored', transaction: { state: 'Canceled' } });
    const events = await t.server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM partner_events e JOIN partner_conversions c ON c.id = e.conversion_id WHERE c.order_ref = $1`,
      [order],
    );
    expect(events.rows[0].n).toBe(4);
    const txs = (await u.api.get<{ results: Transaction[] }>('/user-loyalty-transactions', { query: { limit: 50 } })).body.results;
    expect(txs.filter((x) => x.type.name === 'purchase')).toHaveLength(1);
  });

  test('the same event three times, one after another: the same answer, written once', async () => {
    const u = await t.signUp();
    const trip = await tap(u.api);
    const body = conversion(trip.click_ref!);
    const first = await net.send(body);
    const before = await counts();
    const answers = [await net.send(body), await net.send(body)];
    for (const a of answers) {
      expect(a.status).toBe(first.status);
      expect(a.body).toEqual(first.body);
    }
    expect(await counts()).toEqual(before);
  });

  test('the same event three times at once: one applies, all answer the same, one transaction', async () => {
    const u = await t.signUp();
    const trip = await tap(u.api);
    const body = conversion(trip.click_ref!, { status: 'approved' });
    const before = await counts();
    const answers = await Promise.all([net.send(body), net.send(body), net.send(body)]);
    for (const a of answers) {
      expect(a.status, a.text).toBe(200);
      expect(a.body).toEqual(answers[0].body);
    }
    expect(await counts()).toEqual({ e: before.e + 1, c: before.c + 1, x: before.x + 1 });
  });

  test('different events of one order at once move one transaction', async () => {
    const u = await t.signUp();
    const trip = await tap(u.api);
    const order = `ord-${randomUUID()}`;
    const answers = await Promise.all(
      (['pending', 'approved', 'pending', 'approved'] as const).map((status) => net.send(conversion(trip.click_ref!, { order_ref: order, status }))),
    );
    for (const a of answers) expect(a.status, a.text).toBe(200);
    const ids = new Set(answers.map((a) => a.body.transaction!.id));
    expect(ids.size).toBe(1);
    expect((await reward(u.api, [...ids][0])).external_transaction?.state.name).toBe('Cleared');
  });

  test("an order stays with its first delivery's trip: a later delivery naming another click moves nothing to it", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const tripA = await tap(a.api);
    const tripB = await tap(b.api);
    const bBefore = await balance(b.api);
    const order = `ord-${randomUUID()}`;
    const first = await net.send(conversion(tripA.click_ref!, { order_ref: order }));
    expect(first.status, first.text).toBe(200);
    const later = await net.send(conversion(tripB.click_ref!, { order_ref: order, status: 'approved' }));
    expect(later.status, later.text).toBe(200);
    expect(later.body.transaction!.id).toBe(first.body.transaction!.id);
    expect((await reward(a.api, first.body.transaction!.id)).external_transaction?.state.name).toBe('Cleared');
    expect((await b.api.get<ShoppingTrip>(`/shopping-trips/${tripB.id}`)).body).toMatchObject({ transaction_id: null });
    expect(await balance(b.api)).toBe(bBefore);
  });

  test('a decline after the confirmed points were donated is recorded for the operator, and the balance stays at zero or more', async () => {
    const u = await t.signUp();
    const trip = await tap(u.api);
    const order = `ord-${randomUUID()}`;
    const approved = await net.send(conversion(trip.click_ref!, { order_ref: order, status: 'approved', order_amount: '900.00' }));
    expect(approved.body.transaction).toMatchObject({ state: 'Confirmed' });
    const all = await balance(u.api);
    expect((await u.api.post('/project/1/donate', { amount: all })).status).toBe(201);
    const declined = await net.send(conversion(trip.click_ref!, { order_ref: order, status: 'declined', reason: 'returned' }));
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body).toMatchObject({ outcome: 'after_payout', transaction: { id: approved.body.transaction!.id, state: 'Confirmed' } });
    expect(await balance(u.api)).toBe(0);
    // Nor is it paid out while the operator has not decided.
    await runPayout(t.server.db);
    expect((await reward(u.api, approved.body.transaction!.id)).external_transaction?.paid_at ?? null).toBeNull();
    // Not spent: the same decline applies.
    const v = await t.signUp();
    const trip2 = await tap(v.api);
    const order2 = `ord-${randomUUID()}`;
    await net.send(conversion(trip2.click_ref!, { order_ref: order2, status: 'approved' }));
    const applied = await net.send(conversion(trip2.click_ref!, { order_ref: order2, status: 'declined', reason: 'returned' }));
    expect(applied.body).toMatchObject({ outcome: 'applied', transaction: { state: 'Canceled' } });
  });

  test('a trip sent after its conversion arrived (a tap made offline) picks it up', async () => {
    const u = await t.signUp();
    const ref = clickRef();
    const early = await net.send(conversion(ref, { status: 'approved', order_amount: '20.00' }));
    expect(early.status).toBe(202);
    const trip = (await u.api.post<ShoppingTrip>('/shopping-trips', { corporate_partner_id: PERCENT_BRAND, idempotency_key: randomUUID(), click_ref: ref })).body;
    expect(trip).toMatchObject({ transaction_id: expect.any(Number), reward_state: 'confirmed' });
    expect((await reward(u.api, trip.transaction_id!)).external_transaction).toMatchObject({ amount: { amount: 2000 }, state: { name: 'Cleared' } });
  });

  test('an unknown click reference is kept as an unmatched conversion (202), booked for nobody', async () => {
    const before = await counts();
    const r = await net.send(conversion(clickRef()));
    expect(r.status, r.text).toBe(202);
    expect(r.body).toMatchObject({ outcome: 'unmatched', transaction: null, conversion_id: expect.any(Number) });
    const after = await counts();
    expect(after).toEqual({ e: before.e + 1, c: before.c + 1, x: before.x });
    const row = await t.server.db.query<{ trip_id: number | null }>('SELECT trip_id FROM partner_conversions WHERE id = $1', [r.body.conversion_id]);
    expect(row.rows[0].trip_id).toBeNull();
  });
});
