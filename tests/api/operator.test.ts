/**
 * Addition (issue 25): the operator API (/operator/v1). Its key is the only way in (user and visitor
 * tokens are refused, and the key opens nothing of the user API); claims are approved (booking the
 * trip's pending reward) or rejected with a reason the user then sees; unmatched conversions are
 * matched to a trip; every action is recorded with who and when.
 */
import { describe, expect, test, beforeAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { OperatorAction, OperatorClaim, OperatorConversion, Paged, ShoppingTrip, Transaction } from '../../server/contract/types.ts';
import { createOperator } from '../../server/services/operators.ts';
import { runPayout } from '../../server/services/payout.ts';
import type { Client } from './support/client.ts';
import { useServer } from './support/harness.ts';
import { conversion, network } from './support/partner.ts';
import { expectError } from './support/shapes.ts';

const t = useServer();
const net = network(t);
let op: Client;
let opKey: string;

beforeAll(async () => {
  opKey = await createOperator(t.server.db, 'alice');
  op = t.api(opKey);
});

const DAY = 86_400_000;

/** A new user's trip, aged past the claim window, with a submitted claim. */
async function claimedTrip(): Promise<{ api: Client; trip: ShoppingTrip; claimId: number }> {
  const u = await t.signUp();
  const trip = (await u.api.post<ShoppingTrip>('/shopping-trips', { corporate_partner_id: 4, idempotency_key: randomUUID() })).body;
  await t.server.db.query(`UPDATE shopping_trips SET created_at = now() - interval '10 days' WHERE id = $1`, [trip.id]);
  const day = new Date(Date.now() - 9 * DAY).toISOString().slice(0, 10);
  const claim = await u.api.post(`/shopping-trips/${trip.id}/claim`, { idempotency_key: randomUUID(), purchase_date: day, order_number: 'ORD-1', amount: 64.2 });
  expect(claim.status, claim.text).toBe(201);
  return { api: u.api, trip, claimId: claim.body.id };
}
/** claimedTrip's, with a click reference a network can send. */
async function claimedClickTrip(): Promise<{ api: Client; trip: ShoppingTrip; claimId: number; ref: string }> {
  const u = await t.signUp();
  const ref = randomUUID().replaceAll('-', '');
  const trip = (await u.api.post<ShoppingTrip>('/shopping-trips', { corporate_partner_id: 4, idempotency_key: randomUUID(), click_ref: ref })).body;
  await t.server.db.query(`UPDATE shopping_trips SET created_at = now() - interval '10 days' WHERE id = $1`, [trip.id]);
  const day = new Date(Date.now() - 9 * DAY).toISOString().slice(0, 10);
  const claim = await u.api.post(`/shopping-trips/${trip.id}/claim`, { idempotency_key: randomUUID(), purchase_date: day, order_number: 'ORD-2', amount: 64.2 });
  expect(claim.status, claim.text).toBe(201);
  return { api: u.api, trip, claimId: claim.body.id, ref };
}
const rewardsOf = async (tripId: number) =>
  (await t.server.db.query<{ id: number }>('SELECT id FROM loyalty_transactions WHERE trip_id = $1', [tripId])).rows.map((r) => r.id);
const actions = async () => (await op.get<Paged<OperatorAction>>('/operator/v1/actions', { query: { limit: 200 } })).body;

describe('the operator role', () => {
  test('no user or visitor token reaches it, and the operator key opens nothing of the user API', async () => {
    const user = await t.userToken();
    const visitor = await t.visitorToken();
    for (const client of [t.anon, t.api(user), t.api(visitor), t.api('spop_not-a-key'), t.api(`${opKey}x`)]) {
      for (const r of [
        await client.get('/operator/v1/claims'),
        await client.get('/operator/v1/conversions'),
        await client.get('/operator/v1/actions'),
        await client.post('/operator/v1/claims/1/approve', {}),
        await client.post('/operator/v1/claims/1/reject', { reason: 'no' }),
        await client.post('/operator/v1/conversions/1/match', { trip_id: 1 }),
      ]) expectError(r, 401, 'unauthorized');
    }
    expectError(await op.get('/application-users/me'), 401, 'unauthorized');
    expectError(await op.get('/shopping-trips'), 401, 'unauthorized');
    expect((await actions()).metadata.total).toBe(0);
  });

  test('a second operator of the same name is refused', async () => {
    await expect(createOperator(t.server.db, 'alice')).rejects.toMatchObject({ code: 'operator_exists' });
  });
});

describe('claims', () => {
  test('approve: the pending reward is booked on the trip with the given points, the user sees it Approved; recorded; decided once', async () => {
    const { api, trip, claimId } = await claimedTrip();
    const open = (await op.get<Paged<OperatorClaim>>('/operator/v1/claims', { query: { limit: 200 } })).body.results;
    expect(open.find((c) => c.id === claimId)).toMatchObject({ status: 'submitted', trip_id: trip.id, amount: { amount: 6420 }, corporate_partner: { id: 4 } });
    const before = (await actions()).metadata.total;
    const answers = await Promise.all([op.post(`/operator/v1/claims/${claimId}/approve`, { points: 321 }), op.post(`/operator/v1/claims/${claimId}/approve`, { points: 321 })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const approved = answers.find((a) => a.status === 200)!.body as OperatorClaim;
    expect(approved).toMatchObject({ status: 'approved', transaction_id: expect.any(Number) });
    const mine = (await api.get<ShoppingTrip>(`/shopping-trips/${trip.id}`)).body;
    expect(mine).toMatchObject({ transaction_id: approved.transaction_id, reward_state: 'pending', claim: { status: 'approved', reason: null } });
    const tx = (await api.get<Transaction>(`/user-loyalty-transactions/${approved.transaction_id}`)).body;
    expect(tx).toMatchObject({ debit_amount: { amount: 321 }, external_transaction: { state: { name: 'Pending' }, amount: { amount: 6420 } } });
    const log = await actions();
    expect(log.metadata.total).toBe(before + 1);
    expect(log.results[0]).toMatchObject({ operator: 'alice', action: 'approve_claim', subject: `claim:${claimId}`, detail: { transaction_id: approved.transaction_id, points: 321 } });
    expect(Math.abs(Date.parse(log.results[0].created_at) - Date.now())).toBeLessThan(60_000);
    expectError(await op.post(`/operator/v1/claims/${claimId}/reject`, { reason: 'late' }), 409, 'claim_decided');
  });

  test("approve without points: the trip's terms on the claimed amount", async () => {
    const { api, trip, claimId } = await claimedTrip();
    const r = await op.post<OperatorClaim>(`/operator/v1/claims/${claimId}/approve`, {});
    expect(r.status, r.text).toBe(200);
    const tx = (await api.get<Transaction>(`/user-loyalty-transactions/${r.body.transaction_id}`)).body;
    expect(tx.debit_amount.amount).toBe(Math.floor((6420 * Math.round(trip.terms!.value * 100) + 5000) / 10000));
  });

  test('reject with a reason the user sees; a bad body is 422 and writes nothing', async () => {
    const { api, trip, claimId } = await claimedTrip();
    const before = (await actions()).metadata.total;
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(501) }, { reason: 5 }]) expectError(await op.post(`/operator/v1/claims/${claimId}/reject`, body), 422, 'validation_error');
    expectError(await op.post(`/operator/v1/claims/${claimId}/approve`, { points: 0 }), 422, 'validation_error');
    expectError(await op.post('/operator/v1/claims/999999/reject', { reason: 'no' }), 404, 'not_found');
    expect((await actions()).metadata.total).toBe(before);
    const r = await op.post<OperatorClaim>(`/operator/v1/claims/${claimId}/reject`, { reason: 'The shop has no order ORD-1.' });
    expect(r.body).toMatchObject({ status: 'rejected', reason: 'The shop has no order ORD-1.' });
    expect((await api.get<ShoppingTrip>(`/shopping-trips/${trip.id}`)).body).toMatchObject({ transaction_id: null, claim: { status: 'rejected', reason: 'The shop has no order ORD-1.' } });
    expect((await actions()).results[0]).toMatchObject({ action: 'reject_claim', subject: `claim:${claimId}`, detail: { reason: 'The shop has no order ORD-1.' } });
  });
});

describe('unmatched conversions', () => {
  test("a network's conversion never rewards another network's brand: not by its click reference, not by an operator's match", async () => {
    const u = await t.signUp();
    // Brand 5 is on no network (the demo network has brands 3 and 4).
    const other = (await u.api.post<ShoppingTrip>('/shopping-trips', { corporate_partner_id: 5, idempotency_key: randomUUID() })).body;
    expect(other.click_ref).toBeTruthy();
    const sent = await net.send(conversion(other.click_ref!, { status: 'approved', order_amount: '80.00' }));
    expect(sent.status, sent.text).toBe(202);
    expect((await u.api.get<ShoppingTrip>(`/shopping-trips/${other.id}`)).body).toMatchObject({ transaction_id: null });
    const refused = expectError(await op.post(`/operator/v1/conversions/${sent.body.conversion_id}/match`, { trip_id: other.id }), 422, 'validation_error');
    expect(refused.violations).toEqual([expect.objectContaining({ property_path: 'trip_id', code: 'other_network' })]);
    expect((await u.api.get<ShoppingTrip>(`/shopping-trips/${other.id}`)).body).toMatchObject({ transaction_id: null });
    expect((await op.get<Paged<OperatorConversion>>('/operator/v1/conversions')).body.results.some((c) => c.id === sent.body.conversion_id)).toBe(true);
  });

  test('listed for the operator, matched to a trip: the reward is booked at its furthest status; matched once; recorded', async () => {
    const lost = await net.send(conversion(`lost${randomUUID().replaceAll('-', '')}`, { status: 'approved', order_amount: '25.00' }));
    expect(lost.status).toBe(202);
    const list = (await op.get<Paged<OperatorConversion>>('/operator/v1/conversions')).body.results;
    expect(list.find((c) => c.id === lost.body.conversion_id)).toMatchObject({ status: 'approved', trip_id: null, order_amount: { amount: 2500, currency: 'EUR' } });
    const u = await t.signUp();
    const trip = (await u.api.post<ShoppingTrip>('/shopping-trips', { corporate_partner_id: 4, idempotency_key: randomUUID() })).body;
    expectError(await op.post(`/operator/v1/conversions/${lost.body.conversion_id}/match`, { trip_id: 99999999 }), 422, 'validation_error');
    const m = await op.post<OperatorConversion>(`/operator/v1/conversions/${lost.body.conversion_id}/match`, { trip_id: trip.id });
    expect(m.status, m.text).toBe(200);
    expect(m.body).toMatchObject({ trip_id: trip.id, transaction_id: expect.any(Number) });
    expect((await u.api.get<ShoppingTrip>(`/shopping-trips/${trip.id}`)).body).toMatchObject({ transaction_id: m.body.transaction_id, reward_state: 'confirmed' });
    expect((await op.get<Paged<OperatorConversion>>('/operator/v1/conversions')).body.results.some((c) => c.id === lost.body.conversion_id)).toBe(false);
    expectError(await op.post(`/operator/v1/conversions/${lost.body.conversion_id}/match`, { trip_id: trip.id }), 409, 'already_matched');
    expect((await actions()).results[0]).toMatchObject({ operator: 'alice', action: 'match_conversion', subject: `conversion:${lost.body.conversion_id}`, detail: { trip_id: trip.id } });
  });
});

describe("a claim and the network's conversion for the same purchase", () => {
  test("a conversion after the approval takes over the claim's reward: one reward, moved by the network", async () => {
    const { api, trip, claimId, ref } = await claimedClickTrip();
    const approved = (await op.post<OperatorClaim>(`/operator/v1/claims/${claimId}/approve`, { points: 321 })).body;
    const sent = await net.send(conversion(ref, { status: 'approved', order_amount: '64.20' }));
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.transaction).toEqual({ id: approved.transaction_id, state: 'Confirmed' });
    expect(await rewardsOf(trip.id)).toEqual([approved.transaction_id]);
    expect((await api.get<Transaction>(`/user-loyalty-transactions/${approved.transaction_id}`)).body.external_transaction?.state.name).toBe('Cleared');
  });

  test('approval and conversion at the same moment: still one reward', async () => {
    for (let round = 0; round < 5; round++) {
      const { trip, claimId, ref } = await claimedClickTrip();
      const [approval, sent] = await Promise.all([
        op.post(`/operator/v1/claims/${claimId}/approve`, { points: 321 }),
        net.send(conversion(ref, { status: 'pending', order_amount: '64.20' })),
      ]);
      expect([200, 409], approval.text).toContain(approval.status);
      expect(sent.status, sent.text).toBe(200);
      expect(await rewardsOf(trip.id), `round ${round}`).toHaveLength(1);
    }
  });
});

describe('confirming an approved claim', () => {
  test('moves its reward to Confirmed, the payout pays it; refused before approval, twice, or once a network owns it', async () => {
    const { api, claimId } = await claimedTrip();
    expectError(await op.post(`/operator/v1/claims/${claimId}/confirm`), 409, 'claim_not_approved');
    const approved = (await op.post<OperatorClaim>(`/operator/v1/claims/${claimId}/approve`, { points: 321 })).body;
    const confirmed = await op.post<OperatorClaim>(`/operator/v1/claims/${claimId}/confirm`);
    expect(confirmed.status, confirmed.text).toBe(200);
    const reward = async () => (await api.get<Transaction>(`/user-loyalty-transactions/${approved.transaction_id}`)).body;
    expect((await reward()).external_transaction).toMatchObject({ state: { name: 'Cleared' }, paid_at: null });
    expect((await reward()).debit_amount.amount).toBe(321);
    expectError(await op.post(`/operator/v1/claims/${claimId}/confirm`), 409, 'reward_moved');
    await runPayout(t.server.db);
    expect((await reward()).external_transaction?.paid_at).toEqual(expect.any(String));
    expect((await actions()).results[0]).toMatchObject({ action: 'confirm_claim', subject: `claim:${claimId}` });

    const other = await claimedClickTrip();
    await op.post(`/operator/v1/claims/${other.claimId}/approve`, {});
    await net.send(conversion(other.ref, { status: 'pending', order_amount: '64.20' }));
    expectError(await op.post(`/operator/v1/claims/${other.claimId}/confirm`), 409, 'network_owned');
  });
});
