import type { Order, Paged, PayResponse } from '@contract/types';
import { request } from '../../lib/http';

/** POST /corporate-partners/{id}/pay { amount } (euros, a number) → payment_url. */
export function createPayment(brandId: number, amount: number): Promise<PayResponse> {
  return request<PayResponse>(`/corporate-partners/${brandId}/pay`, { method: 'POST', body: { amount } });
}

export const PURCHASES_PAGE_SIZE = 20;

/** Addition: the user's orders, newest first (a server without it answers 404). */
export function fetchOrders(offset: number, signal?: AbortSignal): Promise<Paged<Order>> {
  return request<Paged<Order>>('/orders/me', { signal, query: { limit: PURCHASES_PAGE_SIZE, offset } });
}

export function fetchOrder(id: number, signal?: AbortSignal): Promise<Order> {
  return request<Order>(`/orders/${id}`, { signal });
}

/** Cancels an order awaiting payment (again: the same cancelled order); a paid one → 409 order_paid. */
export function cancelOrder(id: number): Promise<Order> {
  return request<Order>(`/orders/${id}/cancel`, { method: 'POST' });
}

/** A new payment link for an order awaiting payment, in the active language. */
export function resumeOrder(id: number): Promise<PayResponse> {
  return request<PayResponse>(`/orders/${id}/resume`, { method: 'POST' });
}
