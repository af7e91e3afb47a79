// The reward state machine of issue 25 (server/services/conversion-state.ts), driven by fast-check
// with any sequence of network deliveries, with and without payout runs between them.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CONVERSION_STATUSES,
  STATE_OF,
  STATUS_RANK,
  nextRewardState,
  payOut,
  type ConversionStatus,
  type RewardState,
} from '../../server/services/conversion-state';

const RANK: Record<RewardState, number> = { none: 0, pending: 1, confirmed: 2, paid: 3, canceled: 3 };
const status = fc.constantFrom(...CONVERSION_STATUSES);
type Step = { kind: 'delivery'; status: ConversionStatus } | { kind: 'payout' };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: status.map((s) => ({ kind: 'delivery' as const, status: s })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'payout' as const }) },
);

const furthest = (statuses: ConversionStatus[]) => statuses.reduce((a, b) => (STATUS_RANK[b] > STATUS_RANK[a] ? b : a));

describe('reward state machine', () => {
  it('any sequence of deliveries ends in the state the furthest status implies', () => {
    fc.assert(
      fc.property(fc.array(status, { minLength: 1, maxLength: 20 }), (seq) => {
        const end = seq.reduce<RewardState>((s, d) => nextRewardState(s, d).state, 'none');
        expect(end).toBe(STATE_OF[furthest(seq)]);
      }),
    );
  });

  it('never moves back, whatever the order, repeats and payouts; a paid reward stays paid', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let state: RewardState = 'none';
        let paid = false;
        const delivered: ConversionStatus[] = [];
        for (const s of steps) {
          const before = state;
          if (s.kind === 'payout') {
            state = payOut(state);
            if (state === 'paid') paid = true;
          } else {
            delivered.push(s.status);
            const r = nextRewardState(state, s.status);
            if (r.outcome !== 'applied') expect(r.state).toBe(before);
            if (before === 'paid' && s.status === 'declined') expect(r.outcome).toBe('after_payout');
            state = r.state;
          }
          expect(RANK[state]).toBeGreaterThanOrEqual(RANK[before]);
          if (before === 'paid' || before === 'canceled') expect(state).toBe(before);
        }
        // Paid exactly when a payout met a confirmed reward; otherwise the furthest status decides.
        if (paid) expect(state).toBe('paid');
        else expect(state).toBe(delivered.length ? STATE_OF[furthest(delivered)] : 'none');
      }),
    );
  });

  it('approved first still creates the reward, already confirmed; a late pending is ignored', () => {
    expect(nextRewardState('none', 'approved')).toEqual({ state: 'confirmed', outcome: 'applied' });
    expect(nextRewardState('confirmed', 'pending')).toEqual({ state: 'confirmed', outcome: 'ignored' });
    expect(nextRewardState('paid', 'declined')).toEqual({ state: 'paid', outcome: 'after_payout' });
    expect(nextRewardState('canceled', 'approved')).toEqual({ state: 'canceled', outcome: 'ignored' });
  });
});
