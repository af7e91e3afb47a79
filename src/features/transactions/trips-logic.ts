/** What a shopping trip shows: its reward, its claim, or what to expect (pure; tested in trips-logic.test.ts). */
import type { ShoppingTrip } from '@contract/types';
import { CLAIM_AFTER_DAYS, DAY_MS, claimOpen } from '@contract/reward-path';

export type TripStatus =
  | { kind: 'rewarded'; transactionId: number }
  | { kind: 'claimed'; status: NonNullable<ShoppingTrip['claim']>['status'] | 'queued' }
  | { kind: 'claimable' }
  | { kind: 'waiting'; claimFrom: string };

/** `queuedClaim`: a claim on this trip waits in the outbox (filed offline, not sent yet). */
export function tripStatus(trip: ShoppingTrip, queuedClaim: boolean, now: number = Date.now()): TripStatus {
  if (trip.transaction_id != null) return { kind: 'rewarded', transactionId: trip.transaction_id };
  if (trip.claim) return { kind: 'claimed', status: trip.claim.status };
  if (queuedClaim) return { kind: 'claimed', status: 'queued' };
  if (claimOpen(trip, now)) return { kind: 'claimable' };
  return { kind: 'waiting', claimFrom: new Date(new Date(trip.created_at).getTime() + CLAIM_AFTER_DAYS * DAY_MS).toISOString() };
}
