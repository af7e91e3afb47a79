/**
 * The dates a reward's path and a shopping trip are judged by, shared by the server (seed, claim
 * checks) and the app (expected dates, the claim offer). No imports: the app bundles this file as is.
 */
export const DAY_MS = 86_400_000;

/** A pending reward is expected to be confirmed this many days after it was tracked. */
export const CLEARANCE_DAYS = 90;

/** A trip with no reward after this many days may be reported as a missing reward. */
export const CLAIM_AFTER_DAYS = 7;

export const CLAIM_STATUSES = ['submitted', 'reviewing', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Why a shop did not approve a reward (a server may send others: the app then shows a general reason). */
export const CANCEL_REASONS = ['returned', 'order_canceled', 'not_eligible', 'duplicate'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The date (ISO) a reward tracked at `trackedAt` is expected to be confirmed by. */
export function expectedConfirmBy(trackedAt: string | Date): string {
  return new Date(new Date(trackedAt).getTime() + CLEARANCE_DAYS * DAY_MS).toISOString();
}

/** Whether a trip can be reported as a missing reward: old enough, no reward found, no claim yet. */
export function claimOpen(trip: { created_at: string; transaction_id: number | null; claim: unknown }, now: number = Date.now()): boolean {
  return trip.transaction_id == null && trip.claim == null && now - new Date(trip.created_at).getTime() >= CLAIM_AFTER_DAYS * DAY_MS;
}
