/**
 * Demo wallets get varied expiry dates (one within a week, so the expiry reminder shows in the
 * inbox of a fresh database; one past, one without) and a first balance event,
 * so the wallet's lifecycle shows on a fresh database. Runs after the cards are inserted, over
 * whatever cards a demo user holds, in card order.
 */
import type { Db } from '../db/open.ts';

/** Days from the seeding date per card, in card order, repeating; null: no expiry. The first card
 *  (the primary partner's) has none, so a card bought later is listed before it. */
const EXPIRY_DAYS: (number | null)[] = [null, 6, -20, 200, 45, 400, 25];

export async function seedWalletLifecycle(db: Db, emails: string[], now: Date): Promise<void> {
  if (emails.length === 0) return;
  await db.query(
    `UPDATE wallet_items w SET expiry_date = CASE WHEN d.days IS NULL THEN NULL ELSE ($3::timestamptz)::date + d.days END
       FROM (SELECT w2.id, row_number() OVER (PARTITION BY w2.user_id ORDER BY w2.id) AS k
               FROM wallet_items w2 JOIN users u ON u.id = w2.user_id WHERE u.email = ANY($1::text[])) AS o,
            LATERAL (SELECT ($2::int[])[(o.k - 1) % array_length($2::int[], 1) + 1] AS days) AS d
      WHERE w.id = o.id`,
    [emails, EXPIRY_DAYS, now.toISOString()],
  );
  // The second card was partly spent a week ago: €12.50, leaving what it holds now.
  await db.query(
    `INSERT INTO wallet_balance_events (wallet_item_id, event_id, type, amount, change, balance, created_at)
     SELECT w.id, 'seed-spend-' || w.id, 'spend', 1250, -1250, w.amount, $2::timestamptz - interval '7 days'
       FROM (SELECT w2.id, w2.amount, row_number() OVER (PARTITION BY w2.user_id ORDER BY w2.id) AS k
               FROM wallet_items w2 JOIN users u ON u.id = w2.user_id WHERE u.email = ANY($1::text[])) AS w
      WHERE w.k = 2`,
    [emails, now.toISOString()],
  );
  await db.query(
    `UPDATE wallet_items w SET balance_updated_at = e.created_at FROM wallet_balance_events e WHERE e.wallet_item_id = w.id AND e.event_id LIKE 'seed-spend-%' AND w.balance_updated_at IS NULL`,
  );
}
