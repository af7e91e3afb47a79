/**
 * Unpaid orders expire: an order still waiting for its payment ORDER_PAYMENT_TTL seconds after its
 * latest payment link is cancelled (expireUnpaidOrders: one idempotent statement, so every process may
 * run this job). Checked every minute, or every TTL when that is shorter, so an order outlives its TTL
 * by at most that long.
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { expireUnpaidOrders } from '../services/orders.ts';
import { repeat } from './repeat.ts';

export const ORDER_EXPIRY_CHECK_SECONDS = 60;

export function startOrderExpiry(db: Db, config: Pick<Config, 'orderPaymentTtl'>): Promise<() => void> {
  const every = Math.min(ORDER_EXPIRY_CHECK_SECONDS, config.orderPaymentTtl);
  return repeat('order_expiry', every, () => expireUnpaidOrders(db, config.orderPaymentTtl));
}
