import type { BalanceEvent, OrderStatus, Paged } from '@contract/types';
import { request } from '../../lib/http';

/** 200 { ready: true } once paid, 202 { ready: false } before; 409 order_cancelled and 404 throw. */
export function fetchOrderStatus(orderId: string, signal?: AbortSignal): Promise<OrderStatus> {
  return request<OrderStatus>(`/payment-intent/order-is-ready/${encodeURIComponent(orderId)}`, { signal });
}

/** Addition: a card's balance history, newest first (a server without it answers 404). */
export function fetchBalanceEvents(walletId: number, signal?: AbortSignal): Promise<Paged<BalanceEvent>> {
  return request<Paged<BalanceEvent>>(`/wallet/${walletId}/balance-events`, { signal, query: { limit: 50, offset: 0 } });
}
