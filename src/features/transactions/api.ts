import { request } from '../../lib/http';
import type { Paged, RewardClaim, ShoppingTrip, Transaction } from '@contract/types';

export const TRANSACTIONS_PAGE_SIZE = 10;
/** The trips screen shows the latest ones. */
export const TRIPS_LIMIT = 100;

export function fetchTransactions(offset: number, signal?: AbortSignal): Promise<Paged<Transaction>> {
  return request<Paged<Transaction>>('/user-loyalty-transactions', {
    query: { limit: TRANSACTIONS_PAGE_SIZE, offset },
    signal,
  });
}

/** Addition: one transaction (a server without it answers 404). */
export function fetchTransaction(id: number, signal?: AbortSignal): Promise<Transaction> {
  return request<Transaction>(`/user-loyalty-transactions/${id}`, { signal });
}

/** Addition: the latest shopping trips, newest first (a server without them answers 404). */
export function fetchTrips(signal?: AbortSignal): Promise<Paged<ShoppingTrip>> {
  return request<Paged<ShoppingTrip>>('/shopping-trips', { query: { limit: TRIPS_LIMIT, offset: 0 }, signal });
}

/** Addition: one trip, for a claim's message about a trip older than the list's latest. */
export function fetchTrip(id: number, signal?: AbortSignal): Promise<ShoppingTrip> {
  return request<ShoppingTrip>(`/shopping-trips/${id}`, { signal });
}

export function postTrip(brandId: number, idempotencyKey: string, clickRef?: string): Promise<ShoppingTrip> {
  return request<ShoppingTrip>('/shopping-trips', {
    method: 'POST',
    body: { corporate_partner_id: brandId, idempotency_key: idempotencyKey, ...(clickRef ? { click_ref: clickRef } : {}) },
  });
}

export function postClaim(tripId: number, body: { idempotency_key: string; purchase_date: string; order_number: string; amount: number }): Promise<RewardClaim> {
  return request<RewardClaim>(`/shopping-trips/${tripId}/claim`, { method: 'POST', body });
}
