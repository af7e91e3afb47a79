/**
 * Addition (issue 25): the payout job. A confirmed reward of the loop becomes Paid once, however
 * many runs meet it, and goes to the user's reward targets (split evenly, the first takes the odd
 * point) or to the pension account; the contributions follow. A decline after payout is recorded,
 * not applied.
 */
import { describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ShoppingTrip, Transaction, User } from '../../server/contract/types.ts';
import { runPayout, splitPoints } from '../../server/services/payout.ts';
import { loadConfig } from '../../server/config.ts';
import type { Client } from './support/client.ts';
import { useServer } from './support/harness.ts';
import { conversion, network } from './support/partner.ts';

const t = useServer();
const net = network(t);

async function confirmedReward(api: Client, amount = '80.00'): Promise<Transaction> {
  const trip = (await api.post<ShoppingTrip>('/shopping-trips', { corporate_partner_id: 4, idempotency_key: randomUUID(), click_ref: randomUUID().replaceAll('-', '') })).body;
  const r = await net.send(conversion(trip.click_ref!, { status: 'approved', order_amount: amount }));
  expect(r.status, r.text).toBe(200);
  return (await api.get<Transaction>(`/user-loyalty-transactions/${r.body.transaction!.id}`)).body;
}
async function outRows(uid: number) {
  return (
    await t.server.db.query<{ type: string; amount: number; project_id: number | null }>(
      `SELECT ty.name AS type, t.amount, t.project_id FROM loyalty_transactions t JOIN transaction_types ty ON ty.id = t.type_id
        WHERE t.user_id = $1 AND t.direction = 'out' ORDER BY t.id`,
      [uid],
    )
  ).rows;
}
const me = async (api: Client) => (await api.get<User>('/application-users/me')).body;

describe('payout', () => {
  test('splits evenly, the first target taking the odd point', () => {
    expect(splitPoints(481, 2)).toEqual([241, 240]);
    expect(splitPoints(480, 2)).toEqual([240, 240]);
    expect(splitPoints(7, 1)).toEqual([7]);
  });

  test('a confirmed reward is paid to the two targets, once; savings and impact follow', async () => {
    const u = await t.signUp();
    for (const id of [3, 1]) expect((await u.api.post('/application-users/targets', { target_id: id })).status).toBe(201);
    const savingsBefore = (await u.api.get<{ total: number }>('/user-saving')).body.total;
    const reward = await confirmedReward(u.api, '80.10');
    const points = reward.debit_amount.amount;
    expect(points % 2).toBe(1); // an odd reward, so the split's remainder shows
    expect((await u.api.get<{ total: number }>('/user-saving')).body.total).toBe(savingsBefore + points);
    const balance = (await me(u.api)).loyalty_account.amount.amount;

    const runs = await Promise.all([runPayout(t.server.db), runPayout(t.server.db), runPayout(t.server.db)]);
    expect(runs.reduce((n, r) => n + r.paid, 0)).toBeGreaterThanOrEqual(1);
    await runPayout(t.server.db);
    const paid = (await u.api.get<Transaction>(`/user-loyalty-transactions/${reward.id}`)).body;
    expect(paid.external_transaction).toMatchObject({ state: { name: 'Cleared' }, paid_at: expect.any(String) });
    expect(await outRows(u.user.id)).toEqual([
      { type: 'donation', amount: (points + 1) / 2, project_id: 3 },
      { type: 'donation', amount: (points - 1) / 2, project_id: 1 },
    ]);
    expect((await me(u.api)).loyalty_account.amount.amount).toBe(balance - points);
    const impact = (await u.api.get<{ results: { project_id: number; amount: number }[] }>('/contribution')).body.results;
    expect(impact.map((r) => [r.project_id, r.amount])).toEqual([[3, (points + 1) / 2], [1, (points - 1) / 2]]);
    expect((await u.api.get<{ total: number }>('/user-saving')).body.total).toBe(savingsBefore + points);

    // A decline after payout is recorded for the operator, not applied.
    const order = (await t.server.db.query<{ network: string; order_ref: string; click_ref: string }>(
      'SELECT network, order_ref, click_ref FROM partner_conversions WHERE transaction_id = $1', [reward.id],
    )).rows[0];
    const late = await net.send(conversion(order.click_ref, { order_ref: order.order_ref, status: 'declined', reason: 'returned' }));
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ outcome: 'after_payout', transaction: { id: reward.id, state: 'Paid' } });
    expect((await u.api.get<Transaction>(`/user-loyalty-transactions/${reward.id}`)).body.external_transaction?.state.name).toBe('Cleared');
  });

  test('without targets the reward goes to the pension account; pending rewards and the seeded history wait', async () => {
    const u = await t.signUp();
    const reward = await confirmedReward(u.api);
    const trip = (await u.api.post<ShoppingTrip>('/shopping-trips', { corporate_partner_id: 4, idempotency_key: randomUUID(), click_ref: randomUUID().replaceAll('-', '') })).body;
    const pending = await net.send(conversion(trip.click_ref!));
    const seededUnpaid = (await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM loyalty_transactions WHERE trip_id IS NULL AND ext_state = 'Cleared' AND paid_at IS NULL`)).rows[0].n;
    await runPayout(t.server.db);
    expect(await outRows(u.user.id)).toEqual([{ type: 'contribution', amount: reward.debit_amount.amount, project_id: null }]);
    expect((await u.api.get<Transaction>(`/user-loyalty-transactions/${pending.body.transaction!.id}`)).body.external_transaction?.paid_at).toBeNull();
    expect((await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM loyalty_transactions WHERE trip_id IS NULL AND ext_state = 'Cleared' AND paid_at IS NULL`)).rows[0].n).toBe(seededUnpaid);
  });

  test('PAYOUT_INTERVAL: one day by default, a whole number of seconds', () => {
    expect(loadConfig({}).payoutInterval).toBe(86_400);
    expect(loadConfig({ PAYOUT_INTERVAL: '2' }).payoutInterval).toBe(2);
    expect(() => loadConfig({ PAYOUT_INTERVAL: '0' })).toThrow('PAYOUT_INTERVAL');
    expect(() => loadConfig({ PAYOUT_INTERVAL: '1.5' })).toThrow('PAYOUT_INTERVAL');
    expect(loadConfig({ PARTNER_SECRETS: 'awin:0123456789abcdef0123,demo:fedcba9876543210fedc' }).partnerSecrets?.get('awin')).toBe('0123456789abcdef0123');
    expect(() => loadConfig({ PARTNER_SECRETS: 'awin:short' })).toThrow('PARTNER_SECRETS');
  });
});
