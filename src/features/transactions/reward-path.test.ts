import { describe, expect, it } from 'vitest';
import type { Transaction } from '@contract/types';
import { pointTotals, rewardLadder } from './reward-path';
import { transactionState } from './display';

type Ext = NonNullable<Transaction['external_transaction']>;
function tx(ext: Partial<Ext> | null, earning = true): Transaction {
  const me = { id: 1, user: { id: 7 }, project: null };
  const pool = { id: 2, user: null, project: null };
  return {
    id: 1, date: '2026-03-05T10:00:00.000Z', type: { id: 9, name: 'purchase' },
    debit_account: earning ? me : pool, credit_account: earning ? pool : me,
    debit_amount: { amount: 250, currency: 'PTS' }, credit_amount: { amount: 250, currency: 'PTS' }, units: null,
    external_transaction: ext && { amount: { amount: 5000, currency: 'EUR' }, state: { name: 'Pending' }, corporate_partner: { name: 'Shop' }, ...ext },
  };
}
const steps = (l: ReturnType<typeof rewardLadder>) => l!.steps.map((s) => [s.step, s.reached, s.date]);

describe('a reward\'s path', () => {
  it('pending: tracked and pending reached, expected to confirm 90 days after it was tracked', () => {
    const l = rewardLadder(tx({ tracked_at: '2026-03-05T10:00:00.000Z', pending_at: '2026-03-05T10:40:00.000Z', confirmed_at: null, paid_at: null }));
    expect(steps(l)).toEqual([
      ['tracked', true, '2026-03-05T10:00:00.000Z'],
      ['pending', true, '2026-03-05T10:40:00.000Z'],
      ['confirmed', false, null],
      ['paid', false, null],
    ]);
    expect(l!.current).toBe('pending');
    expect(l!.expectedBy).toBe('2026-06-03T10:00:00.000Z');
  });

  it('confirmed and paid to the targets; confirmed without a payout stops there', () => {
    const paid = rewardLadder(tx({ state: { name: 'Cleared' }, confirmed_at: '2026-04-20T08:00:00.000Z', paid_at: '2026-05-26T12:00:00.000Z' }));
    expect(paid!.current).toBe('paid');
    expect(paid!.expectedBy).toBeNull();
    expect(steps(paid).map(([step, reached]) => [step, reached])).toEqual([['tracked', true], ['pending', true], ['confirmed', true], ['paid', true]]);
    // Its status reads Paid, not Confirmed, beside the ladder that ends in Paid.
    expect(transactionState(tx({ state: { name: 'Cleared' }, confirmed_at: '2026-04-20T08:00:00.000Z', paid_at: '2026-05-26T12:00:00.000Z' }))).toBe('paid');
    expect(transactionState(tx({ state: { name: 'Cleared' }, confirmed_at: '2026-04-20T08:00:00.000Z', paid_at: null }))).toBe('confirmed');
    const confirmed = rewardLadder(tx({ state: { name: 'Cleared' }, confirmed_at: '2026-04-20T08:00:00.000Z', paid_at: null }));
    expect(confirmed!.current).toBe('confirmed');
    expect(steps(confirmed).at(-1)).toEqual(['paid', false, null]);
  });

  it('canceled: the ladder ends in Canceled with its reason', () => {
    const l = rewardLadder(tx({ state: { name: 'Declined' }, canceled_at: '2026-04-01T09:00:00.000Z', cancel_reason: 'returned' }));
    expect(l!.steps.map((s) => s.step)).toEqual(['tracked', 'pending', 'canceled']);
    expect(l!.current).toBe('canceled');
    expect(l!.cancelReason).toBe('returned');
    expect(l!.expectedBy).toBeNull();
  });

  it('a server without the dates: the state and the transaction date still give the ladder', () => {
    const l = rewardLadder(tx({}));
    expect(steps(l)).toEqual([
      ['tracked', true, '2026-03-05T10:00:00.000Z'],
      ['pending', true, null],
      ['confirmed', false, null],
      ['paid', false, null],
    ]);
    expect(l!.expectedBy).toBe('2026-06-03T10:00:00.000Z');
  });

  it('no ladder for a transaction without a shop, or for points leaving the account', () => {
    expect(rewardLadder(tx(null))).toBeNull();
    expect(rewardLadder(tx({ state: { name: 'Cleared' } }, false))).toBeNull();
  });

  it('totals: pending is what was earned and not yet confirmed', () => {
    expect(pointTotals({ points_earned: 12_500, points_cleared: 9_000 })).toEqual({ pending: 3_500, confirmed: 9_000 });
    expect(pointTotals({ points_earned: 100, points_cleared: 150 })).toEqual({ pending: 0, confirmed: 150 });
    expect(pointTotals(undefined)).toEqual({ pending: 0, confirmed: 0 });
  });
});
