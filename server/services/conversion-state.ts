/**
 * A reward's state machine, as the networks' deliveries move it: pending → Pending, approved →
 * Confirmed, declined → Canceled, and the payout job's Confirmed → Paid. Only forward moves: a
 * delivery that would step back is recorded and ignored; a decline of a paid reward is recorded for
 * the operator ('after_payout'), never applied. Pure: the property test drives it with any sequence.
 */
export type RewardState = 'none' | 'pending' | 'confirmed' | 'paid' | 'canceled';
export type ConversionStatus = 'pending' | 'approved' | 'declined';
export type DeliveryOutcome = 'applied' | 'ignored' | 'after_payout';

export const CONVERSION_STATUSES: readonly ConversionStatus[] = ['pending', 'approved', 'declined'];

/** How far along each status is: a later delivery applies only when it goes further. */
export const STATUS_RANK: Record<ConversionStatus, number> = { pending: 1, approved: 2, declined: 3 };
const STATE_RANK: Record<RewardState, number> = { none: 0, pending: 1, confirmed: 2, paid: 3, canceled: 3 };

/** The state a status leads to. */
export const STATE_OF: Record<ConversionStatus, RewardState> = { pending: 'pending', approved: 'confirmed', declined: 'canceled' };

export function nextRewardState(state: RewardState, status: ConversionStatus): { state: RewardState; outcome: DeliveryOutcome } {
  if (state === 'paid' && status === 'declined') return { state, outcome: 'after_payout' };
  const to = STATE_OF[status];
  if (STATE_RANK[to] > STATE_RANK[state]) return { state: to, outcome: 'applied' };
  return { state, outcome: 'ignored' };
}

/** The payout job's move: only a confirmed reward is paid. */
export function payOut(state: RewardState): RewardState {
  return state === 'confirmed' ? 'paid' : state;
}

/** A stored transaction's state (ext_state and paid_at as loyalty_transactions keeps them). */
export function stateOfRow(row: { ext_state: string | null; paid_at: unknown } | undefined): RewardState {
  if (!row) return 'none';
  if (row.ext_state === 'Declined') return 'canceled';
  if (row.ext_state === 'Cleared') return row.paid_at == null ? 'confirmed' : 'paid';
  return 'pending';
}

/** The ext_state a state is stored as (paid: Cleared with paid_at). */
export const EXT_STATE: Record<Exclude<RewardState, 'none'>, 'Pending' | 'Cleared' | 'Declined'> = {
  pending: 'Pending',
  confirmed: 'Cleared',
  paid: 'Cleared',
  canceled: 'Declined',
};
