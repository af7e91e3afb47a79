/**
 * Unpaid orders expire (ORDER_PAYMENT_TTL, server/jobs/expire-orders.ts): the time the current payment
 * link was issued (at the order, again at each resume) and whether a cancellation was the expiry.
 * The partial index keeps the job's scan to the few pending orders.
 */
export const sql = /* sql */ `
ALTER TABLE orders ADD COLUMN payment_started_at timestamptz;
UPDATE orders SET payment_started_at = created_at;
ALTER TABLE orders ALTER COLUMN payment_started_at SET NOT NULL;
ALTER TABLE orders ALTER COLUMN payment_started_at SET DEFAULT now();
ALTER TABLE orders ADD COLUMN expired boolean NOT NULL DEFAULT false;
CREATE INDEX orders_pending_payment_idx ON orders (payment_started_at) WHERE status = 'pending';
`;
