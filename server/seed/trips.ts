/**
 * A demo user's shopping trips: one before each recent tracked purchase (the trip that led to it),
 * and a few that led to nothing: one too recent to report, three that can be reported as a missing
 * reward, and three already reported (submitted, under review, rejected).
 */
import type { Db } from '../db/open.ts';
import { insertRows } from '../db/insert-rows.ts';
import { NORMAL_BRAND_COUNT } from './catalogue.ts';
import { DAY_MS } from '../contract/reward-path.ts';

interface Earning {
  brand_id: number | null;
  occurred_at: string;
  direction: 'in' | 'out';
}

/** Days ago of the trips that led to no reward, with the claim each already has. */
const UNMATCHED: { daysAgo: number; claim: null | { status: string; daysAgo: number; amount: number } }[] = [
  { daysAgo: 2, claim: null },
  { daysAgo: 9, claim: null },
  { daysAgo: 16, claim: null },
  { daysAgo: 23, claim: null },
  { daysAgo: 12, claim: { status: 'submitted', daysAgo: 1, amount: 4595 } },
  { daysAgo: 34, claim: { status: 'reviewing', daysAgo: 25, amount: 12900 } },
  { daysAgo: 70, claim: { status: 'rejected', daysAgo: 58, amount: 2250 } },
];

export async function seedTrips(db: Db, userId: number, tx: Earning[], now: Date): Promise<void> {
  const t0 = now.getTime();
  const trips: { user_id: number; brand_id: number; idempotency_key: string; created_at: string }[] = [];
  const recent = tx.filter((r) => r.direction === 'in' && r.brand_id !== null && t0 - Date.parse(r.occurred_at) < 120 * DAY_MS);
  recent.forEach((r, k) => {
    const at = Date.parse(r.occurred_at) - (8 + ((k * 13) % 40)) * 60_000;
    trips.push({ user_id: userId, brand_id: r.brand_id!, idempotency_key: `seed-trip-${k}`, created_at: new Date(at).toISOString() });
  });
  // Brands with no reward tracked in the last 80 days, so these trips stay unmatched.
  const rewarded = new Set(tx.filter((r) => r.direction === 'in' && r.brand_id !== null && t0 - Date.parse(r.occurred_at) < 80 * DAY_MS).map((r) => r.brand_id));
  const free: number[] = [];
  for (let id = 41; free.length < UNMATCHED.length && id <= NORMAL_BRAND_COUNT; id++) if (!rewarded.has(id)) free.push(id);
  UNMATCHED.forEach((u, k) => {
    trips.push({
      user_id: userId,
      brand_id: free[k],
      idempotency_key: `seed-unmatched-${k}`,
      created_at: new Date(t0 - u.daysAgo * DAY_MS - (3 + k) * 3_600_000).toISOString(),
    });
  });
  await insertRows(db, 'shopping_trips', [['user_id', 'integer'], ['brand_id', 'integer'], ['idempotency_key', 'text'], ['created_at', 'timestamptz']], trips);
  // Each trip before a tracked purchase is the one that reward came from.
  await db.query(
    `UPDATE loyalty_transactions t SET trip_id = s.id
       FROM shopping_trips s
      WHERE s.user_id = $1 AND s.idempotency_key LIKE 'seed-trip-%'
        AND t.id = (SELECT t2.id FROM loyalty_transactions t2
                     WHERE t2.user_id = s.user_id AND t2.direction = 'in' AND t2.ext_state IS NOT NULL
                       AND t2.occurred_at >= s.created_at AND t2.brand_id = s.brand_id
                     ORDER BY t2.occurred_at, t2.id LIMIT 1)`,
    [userId],
  );

  const claims = UNMATCHED.flatMap((u, k) => (u.claim ? [{ ...u.claim, key: `seed-unmatched-${k}`, tripDaysAgo: u.daysAgo }] : []));
  for (const c of claims) {
    const created = new Date(t0 - c.daysAgo * DAY_MS).toISOString();
    const purchase = new Date(t0 - c.tripDaysAgo * DAY_MS).toISOString().slice(0, 10);
    await db.query(
      `INSERT INTO reward_claims (trip_id, user_id, idempotency_key, purchase_date, order_number, amount, status, created_at, updated_at)
       SELECT id, $1, 'claim-' || $2, $3, $4, $5, $6, $7, $8 FROM shopping_trips WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, c.key, purchase, `SP-${100_000 + c.amount}`, c.amount, c.status, created, c.status === 'submitted' ? created : new Date(t0 - (c.daysAgo - 3) * DAY_MS).toISOString()],
    );
  }
}
