/**
 * Additions: shopping trips (POST/GET /shopping-trips, GET /shopping-trips/{id}), missing-reward
 * claims (POST /shopping-trips/{id}/claim) and each reward's path on transactions
 * (external_transaction.*_at, GET /user-loyalty-transactions/{id}).
 */
import { describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { PayResponse, ShoppingTrip, Transaction } from '../../server/contract/types.ts';
import { CANCEL_REASONS, CLAIM_AFTER_DAYS, CLEARANCE_DAYS, claimOpen } from '../../server/contract/reward-path.ts';
import type { Client } from './support/client.ts';
import { DEMO2, useServer } from './support/harness.ts';
import { expectClientError, expectError, expectOk, isoDate, paged, payShape, transactionShape } from './support/shapes.ts';

const t = useServer();
const int = z.number().int();
const claimShape = z.object({
  id: int,
  trip_id: int,
  purchase_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  order_number: z.string().min(1),
  amount: z.object({ amount: int.positive(), currency: z.string().length(3) }),
  status: z.enum(['submitted', 'reviewing', 'approved', 'rejected']),
  reason: z.string().nullable(),
  created_at: isoDate,
  updated_at: isoDate,
});
const tripShape = z.object({
  id: int,
  created_at: isoDate,
  corporate_partner: z.object({ id: int, name: z.string().min(1), name_nld: z.string(), logo: z.object({ url: z.string() }).nullable() }),
  transaction_id: int.nullable(),
  claim: claimShape.nullable(),
  click_ref: z.string().nullable(),
  terms: z.object({ type: z.enum(['percentage', 'fixed']), value: z.number().nonnegative() }).nullable(),
});
const pathShape = transactionShape.extend({
  external_transaction: transactionShape.shape.external_transaction.unwrap().extend({
    corporate_partner: z.object({ name: z.string(), id: int.optional() }).nullable(),
    tracked_at: isoDate.optional(),
    pending_at: isoDate.nullable().optional(),
    confirmed_at: isoDate.nullable().optional(),
    paid_at: isoDate.nullable().optional(),
    canceled_at: isoDate.nullable().optional(),
    cancel_reason: z.string().nullable().optional(),
  }).nullable(),
});

const key = () => randomUUID();
const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);

async function trips(api: Client): Promise<ShoppingTrip[]> {
  return expectOk(await api.get('/shopping-trips', { query: { limit: 200 } }), 200, paged(tripShape)).results as ShoppingTrip[];
}
async function demo(): Promise<Client> {
  return t.api(await t.userToken());
}
const claimBody = (trip: ShoppingTrip, over: Record<string, unknown> = {}) => ({
  idempotency_key: key(),
  purchase_date: trip.created_at.slice(0, 10),
  order_number: ' ORD-2026-118 ',
  amount: 54.9,
  ...over,
});

describe('shopping trips', () => {
  test('a SHOP tap is recorded once per key, listed first, with no reward and no claim yet', async () => {
    const api = await demo();
    const k = key();
    const first = expectOk(await api.post('/shopping-trips', { corporate_partner_id: 5, idempotency_key: k }), 201, tripShape);
    expect(first).toMatchObject({ corporate_partner: { id: 5 }, transaction_id: null, claim: null });
    expect(Math.abs(Date.parse(first.created_at) - Date.now())).toBeLessThan(60_000);
    const again = expectOk(await api.post('/shopping-trips', { corporate_partner_id: 5, idempotency_key: k }), 200, tripShape);
    expect(again.id).toBe(first.id);
    expectError(await api.post('/shopping-trips', { corporate_partner_id: 6, idempotency_key: k }), 409, 'idempotency_conflict');
    const list = await trips(api);
    expect(list[0].id).toBe(first.id);
    expect(list.filter((x) => x.id === first.id)).toHaveLength(1);
    expect(expectOk(await api.get(`/shopping-trips/${first.id}`), 200, tripShape)).toEqual(first);
  });

  test("the app's click reference is kept with the brand's reward terms at the tap; without one the server makes one", async () => {
    const api = await demo();
    const ref = key().replaceAll('-', '');
    const trip = expectOk(await api.post('/shopping-trips', { corporate_partner_id: 5, idempotency_key: key(), click_ref: ref }), 201, tripShape);
    const brand = (await api.get('/site/corporate-partners/by-id/5')).body as { affiliate_percent: number; commission_type: string; click_ref_param: string };
    expect(trip.click_ref).toBe(ref);
    expect(trip.terms).toEqual({ type: brand.commission_type, value: brand.affiliate_percent });
    expect(brand.click_ref_param).toBe('subid');
    expect(expectOk(await api.get(`/shopping-trips/${trip.id}`), 200, tripShape).click_ref).toBe(ref);
    expect((await trips(api)).find((x) => x.id === trip.id)?.click_ref).toBe(ref);
    const made = expectOk(await api.post('/shopping-trips', { corporate_partner_id: 5, idempotency_key: key() }), 201, tripShape);
    expect(made.click_ref).toMatch(/^[0-9a-f]{32}$/);
    // One click reference names one trip: another tap with it is refused, and nothing is written.
    const other = t.api(await t.userToken(DEMO2.email, DEMO2.password));
    expectError(await other.post('/shopping-trips', { corporate_partner_id: 5, idempotency_key: key(), click_ref: ref }), 409, 'click_ref_conflict');
  });

  test('bad input is a 4xx in the error shape and records nothing', async () => {
    const api = await demo();
    const before = (await api.get('/shopping-trips', { query: { limit: 1 } })).body.metadata.total;
    const bad: [unknown, string][] = [
      [{ corporate_partner_id: 5 }, 'idempotency_key'],
      [{ corporate_partner_id: 5, idempotency_key: 'short' }, 'idempotency_key'],
      [{ corporate_partner_id: 5, idempotency_key: 'spaces are not allowed' }, 'idempotency_key'],
      [{ idempotency_key: key() }, 'corporate_partner_id'],
      [{ corporate_partner_id: '5', idempotency_key: key() }, 'corporate_partner_id'],
      [{ corporate_partner_id: 1.5, idempotency_key: key() }, 'corporate_partner_id'],
      [{ corporate_partner_id: 999999, idempotency_key: key() }, 'corporate_partner_id'],
      [{ corporate_partner_id: 5, idempotency_key: key(), click_ref: 'short' }, 'click_ref'],
      [{ corporate_partner_id: 5, idempotency_key: key(), click_ref: 'has spaces and is long enough' }, 'click_ref'],
      [{ corporate_partner_id: 5, idempotency_key: key(), click_ref: 12345678901234567 }, 'click_ref'],
    ];
    for (const [body, field] of bad) {
      const e = expectError(await api.post('/shopping-trips', body), 422, 'validation_error');
      expect(e.violations?.map((v) => v.property_path), JSON.stringify(body)).toContain(field);
    }
    expectError(await api.post('/shopping-trips', undefined, { raw: '{"corporate', contentType: 'application/json' }), 400);
    expectError(await api.get('/shopping-trips', { query: { limit: 'ten' } }), 400, 'invalid_request');
    expectError(await api.get('/shopping-trips/abc'), 404, 'not_found');
    expect((await api.get('/shopping-trips', { query: { limit: 1 } })).body.metadata.total).toBe(before);
  });

  test("another user's trip is 404, to read and to claim", async () => {
    const mine = await trips(await demo());
    const other = t.api(await t.userToken(DEMO2.email, DEMO2.password));
    const open = mine.find((x) => claimOpen(x))!;
    expectError(await other.get(`/shopping-trips/${open.id}`), 404, 'not_found');
    expectError(await other.post(`/shopping-trips/${open.id}/claim`, claimBody(open)), 404, 'not_found');
    expect((await trips(other)).some((x) => x.id === open.id)).toBe(false);
    expect((await trips(await demo())).find((x) => x.id === open.id)?.claim).toBeNull();
  });

  test('the demo history: trips that led to a reward of the same brand after them, open ones, and followed claims', async () => {
    const api = await demo();
    const list = await trips(api);
    const matched = list.filter((x) => x.transaction_id !== null);
    expect(matched.length).toBeGreaterThan(5);
    for (const trip of matched.slice(0, 5)) {
      const tx = expectOk(await api.get(`/user-loyalty-transactions/${trip.transaction_id}`), 200, pathShape);
      expect(tx.external_transaction?.corporate_partner?.id).toBe(trip.corporate_partner.id);
      expect(Date.parse(tx.date)).toBeGreaterThanOrEqual(Date.parse(trip.created_at));
    }
    expect(list.filter((x) => claimOpen(x)).length).toBeGreaterThanOrEqual(3);
    const young = list.filter((x) => x.transaction_id === null && x.claim === null && Date.now() - Date.parse(x.created_at) < CLAIM_AFTER_DAYS * DAY);
    expect(young.length).toBeGreaterThanOrEqual(1);
    expect(new Set(list.flatMap((x) => (x.claim ? [x.claim.status] : [])))).toEqual(new Set(['submitted', 'reviewing', 'rejected']));
  });
});

describe('missing-reward claims', () => {
  test('a claim on an open trip is stored as submitted, once per key, and shows on the trip', async () => {
    const api = await demo();
    const trip = (await trips(api)).find((x) => claimOpen(x))!;
    const body = claimBody(trip);
    const claim = expectOk(await api.post(`/shopping-trips/${trip.id}/claim`, body), 201, claimShape);
    expect(claim).toMatchObject({ trip_id: trip.id, status: 'submitted', order_number: 'ORD-2026-118', amount: { amount: 5490, currency: 'EUR' }, purchase_date: body.purchase_date });
    expect(expectOk(await api.post(`/shopping-trips/${trip.id}/claim`, body), 200, claimShape)).toEqual(claim);
    expectError(await api.post(`/shopping-trips/${trip.id}/claim`, { ...body, amount: 60 }), 409, 'idempotency_conflict');
    expectError(await api.post(`/shopping-trips/${trip.id}/claim`, claimBody(trip)), 409, 'claim_exists');
    expect(expectOk(await api.get(`/shopping-trips/${trip.id}`), 200, tripShape).claim).toEqual(claim);
  });

  test('bad claims are 422 with the rule named on the field, and store nothing', async () => {
    const api = await demo();
    const trip = (await trips(api)).find((x) => claimOpen(x))!;
    const tripDay = Date.parse(`${trip.created_at.slice(0, 10)}T00:00:00Z`);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 0 }, 'amount', 'not_positive'],
      [{ amount: -5 }, 'amount', 'not_positive'],
      [{ amount: 1.005 }, 'amount', 'too_many_decimals'],
      [{ amount: 1e-9 }, 'amount', 'too_many_decimals'],
      [{ amount: 5e-324 }, 'amount', 'too_many_decimals'],
      [{ amount: 10_000.01 }, 'amount', 'above_max'],
      [{ amount: '12' }, 'amount', 'invalid_type'],
      [{ amount: undefined }, 'amount', 'required'],
      [{ order_number: '   ' }, 'order_number', 'not_blank'],
      [{ order_number: 'x'.repeat(65) }, 'order_number', 'too_long'],
      [{ purchase_date: '05-03-2026' }, 'purchase_date', 'invalid_format'],
      [{ purchase_date: '2026-02-30' }, 'purchase_date', 'invalid_date'],
      [{ purchase_date: new Date(tripDay - 3 * DAY).toISOString().slice(0, 10) }, 'purchase_date', 'before_trip'],
      [{ purchase_date: new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10) }, 'purchase_date', 'in_future'],
      [{ idempotency_key: 'no' }, 'idempotency_key', 'invalid_format'],
    ];
    for (const [over, field, code] of cases) {
      const e = expectError(await api.post(`/shopping-trips/${trip.id}/claim`, claimBody(trip, over)), 422, 'validation_error');
      expect(e.violations?.find((v) => v.property_path === field)?.code, JSON.stringify(over)).toBe(code);
    }
    expectError(await api.post(`/shopping-trips/${trip.id}/claim`, [1, 2]), 422, 'validation_error');
    expectError(await api.post(`/shopping-trips/999999/claim`, claimBody(trip)), 404, 'not_found');
    expect(expectOk(await api.get(`/shopping-trips/${trip.id}`), 200, tripShape).claim).toBeNull();
  });

  test('a trip too recent, or one that led to a reward, cannot be claimed (409)', async () => {
    const api = await demo();
    const list = await trips(api);
    const young = list.find((x) => x.transaction_id === null && x.claim === null && !claimOpen(x))!;
    expectError(await api.post(`/shopping-trips/${young.id}/claim`, claimBody(young, { purchase_date: today() })), 409, 'claim_too_early');
    const matched = list.find((x) => x.transaction_id !== null)!;
    expectError(await api.post(`/shopping-trips/${matched.id}/claim`, claimBody(matched)), 409, 'reward_found');
  });

  test('a later gift-card purchase of the brand is not the reward of a trip (issue 33.6): it stays open', async () => {
    const u = await t.signUp();
    const trip = expectOk(await u.api.post('/shopping-trips', { corporate_partner_id: 5, idempotency_key: key() }), 201, tripShape);
    const p: PayResponse = expectOk(await u.api.post('/corporate-partners/5/pay', { amount: 40 }), 201, payShape);
    const page = await t.anon.get(p.payment_url);
    const action = /action="([^"]+\/pay)"/.exec(page.text)![1];
    expect((await t.anon.post(action, undefined, { raw: '', contentType: 'application/x-www-form-urlencoded' })).status).toBe(303);
    const txs = (await u.api.get('/user-loyalty-transactions', { query: { limit: 50 } })).body.results as Transaction[];
    expect(txs.some((x) => x.external_transaction?.corporate_partner?.name === trip.corporate_partner.name), 'the gift card earned a reward of the brand').toBe(true);
    const after = expectOk(await u.api.get(`/shopping-trips/${trip.id}`), 200, tripShape);
    expect(after.transaction_id).toBeNull();
  });

  test('parallel claims on one trip: one is stored, the others are 409, none fails', async () => {
    const api = await demo();
    const trip = (await trips(api)).filter((x) => claimOpen(x)).at(-1)!;
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.post(`/shopping-trips/${trip.id}/claim`, claimBody(trip))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 201)) expect(expectClientError(r).error).toBe('claim_exists');
  });
});

describe("each reward's path", () => {
  test('earnings carry the dates reached; pending, confirmed, paid and canceled ones are all in the demo history', async () => {
    const api = await demo();
    const all = expectOk(await api.get('/user-loyalty-transactions', { query: { limit: 1000 } }), 200, paged(pathShape)).results as Transaction[];
    const me = (await api.get('/application-users/me')).body;
    const earned = all.filter((x) => x.external_transaction && x.debit_account.user?.id === me.id);
    expect(earned.length).toBeGreaterThan(20);
    const seen = { pending: 0, confirmed: 0, paid: 0, canceled: 0 };
    for (const x of earned) {
      const e = x.external_transaction!;
      expect(e.tracked_at).toBe(x.date);
      expect(Date.parse(e.pending_at!)).toBeGreaterThanOrEqual(Date.parse(x.date));
      expect(Date.parse(e.pending_at!) - Date.parse(x.date)).toBeLessThanOrEqual(3_600_000);
      if (e.state.name === 'Pending') {
        seen.pending++;
        expect(e.confirmed_at).toBeNull();
        expect(Date.now() - Date.parse(x.date)).toBeLessThan(CLEARANCE_DAYS * DAY);
      } else if (e.state.name === 'Cleared') {
        seen.confirmed++;
        expect(Date.parse(e.confirmed_at!)).toBeGreaterThan(Date.parse(e.pending_at!));
        expect(Date.parse(e.confirmed_at!) - Date.parse(x.date)).toBeLessThanOrEqual(CLEARANCE_DAYS * DAY + 60_000);
        if (e.paid_at) {
          seen.paid++;
          expect(Date.parse(e.paid_at)).toBeGreaterThanOrEqual(Date.parse(e.confirmed_at!));
        }
      } else {
        seen.canceled++;
        expect(Date.parse(e.canceled_at!)).toBeGreaterThan(Date.parse(x.date));
        expect(CANCEL_REASONS as readonly string[]).toContain(e.cancel_reason);
      }
    }
    expect(Object.values(seen).every((n) => n > 0), JSON.stringify(seen)).toBe(true);
    expect(seen.confirmed).toBeGreaterThan(seen.paid);
    const refund = all.find((x) => x.type.name === 'refund')!;
    expect(refund.external_transaction).not.toHaveProperty('tracked_at');
  });

  test("one transaction by id; another user's, or none, is 404", async () => {
    const api = await demo();
    const first = (await api.get('/user-loyalty-transactions', { query: { limit: 1 } })).body.results[0];
    expect(expectOk(await api.get(`/user-loyalty-transactions/${first.id}`), 200, pathShape)).toEqual(first);
    const other = t.api(await t.userToken(DEMO2.email, DEMO2.password));
    expectError(await other.get(`/user-loyalty-transactions/${first.id}`), 404, 'not_found');
    expectError(await api.get('/user-loyalty-transactions/0x1'), 404, 'not_found');
    expectError(await api.get('/user-loyalty-transactions/99999999'), 404, 'not_found');
  });
});
