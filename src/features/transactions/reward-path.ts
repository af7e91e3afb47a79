/**
 * A reward's path to payout as steps (Tracked → Pending → Confirmed → Paid to your targets, or
 * Tracked → Pending → Canceled), pure so it is tested on its own. Dates come from the server's
 * optional fields; a server without them still gives the state and the transaction's date.
 */
import type { Transaction } from '@contract/types';
import { expectedConfirmBy } from '@contract/reward-path';
import { transactionState } from './display';

export type PathStep = 'tracked' | 'pending' | 'confirmed' | 'paid' | 'canceled';

export interface RewardLadder {
  steps: { step: PathStep; reached: boolean; date: string | null }[];
  /** The last step reached. */
  current: PathStep;
  /** For a pending reward: the date it is expected to be confirmed by. */
  expectedBy: string | null;
  cancelReason: string | null;
}

/** The ladder of an earning reported by a shop (a purchase reward); null for anything else. */
export function rewardLadder(tx: Transaction): RewardLadder | null {
  const ext = tx.external_transaction;
  const state = transactionState(tx);
  if (!ext || !state || tx.debit_account.user == null) return null;
  const tracked = ext.tracked_at ?? tx.date;
  const steps: RewardLadder['steps'] = [
    { step: 'tracked', reached: true, date: tracked },
    { step: 'pending', reached: true, date: ext.pending_at ?? null },
  ];
  if (state === 'canceled') {
    steps.push({ step: 'canceled', reached: true, date: ext.canceled_at ?? null });
  } else {
    const confirmed = state === 'confirmed' || state === 'paid';
    steps.push({ step: 'confirmed', reached: confirmed, date: confirmed ? (ext.confirmed_at ?? null) : null });
    const paid = state === 'paid';
    steps.push({ step: 'paid', reached: paid, date: paid ? ext.paid_at! : null });
  }
  const current = steps.filter((s) => s.reached).at(-1)!.step;
  return {
    steps,
    current,
    expectedBy: state === 'pending' ? expectedConfirmBy(tracked) : null,
    cancelReason: state === 'canceled' ? (ext.cancel_reason ?? null) : null,
  };
}

/** Points still pending (earned, not yet cleared) and confirmed (cleared), from the user's balances. */
export function pointTotals(detailed: { points_earned?: number; points_cleared?: number } | undefined): { pending: number; confirmed: number } {
  const earned = detailed?.points_earned ?? 0;
  const cleared = detailed?.points_cleared ?? 0;
  return { pending: Math.max(0, earned - cleared), confirmed: cleared };
}
