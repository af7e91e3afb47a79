/**
 * Payout: each confirmed reward the loop booked (loyalty_transactions.trip_id set) becomes Paid and
 * is allocated to the user's reward targets as the app tells it: split evenly over the chosen
 * projects (the first target takes the odd point), or to the pension account when none is chosen.
 * Each reward is paid in its own database transaction, claimed with FOR UPDATE SKIP LOCKED and marked
 * by a conditional UPDATE, so however many processes run this, each reward is paid once; a run that
 * fails midway leaves the reward unpaid for the next run.
 */
import type { Db } from '../db/open.ts';
import { pointsBalance } from './points.ts';
import { recordRewardState } from './notifications.ts';

export interface PayoutResult {
  paid: number;
  points: number;
}

interface Target {
  project_id: number;
  account_id: number;
  unit_points: number;
  unit_amount: number;
}

/** Splits `points` over `n` targets: equal shares, the remainder to the first. */
export function splitPoints(points: number, n: number): number[] {
  if (n <= 0) return [];
  const share = Math.floor(points / n);
  return Array.from({ length: n }, (_, i) => share + (i === 0 ? points - share * n : 0));
}

/** Pays every due reward (at most `limit` per run). */
export async function runPayout(db: Db, limit = 1000): Promise<PayoutResult> {
  const out: PayoutResult = { paid: 0, points: 0 };
  for (let i = 0; i < limit; i++) {
    const one = await payOne(db);
    if (one === null) break;
    out.paid += 1;
    out.points += one;
  }
  return out;
}

/** Pays one due reward; null when none is left (or every one left is being paid by another run). */
async function payOne(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    const due = (
      await tx.query<{ id: number; user_id: number; amount: number; credit_account_id: number; debit_account_id: number }>(
        `SELECT id, user_id, amount, credit_account_id, debit_account_id FROM loyalty_transactions
          WHERE trip_id IS NOT NULL AND ext_state = 'Cleared' AND paid_at IS NULL
            -- A decline the balance could not cover waits for the operator (conversions.ts), unpaid.
            AND NOT EXISTS (SELECT 1 FROM partner_conversions p JOIN partner_events e ON e.conversion_id = p.id
                             WHERE p.transaction_id = loyalty_transactions.id AND e.outcome = 'after_payout')
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      )
    ).rows[0];
    if (!due) return null;
    // The same lock a donation takes: the balance read below holds until this commits.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [due.user_id]);
    const marked = await tx.query(`UPDATE loyalty_transactions SET paid_at = now() WHERE id = $1 AND paid_at IS NULL AND ext_state = 'Cleared' RETURNING id`, [due.id]);
    if (marked.rows.length === 0) return null;
    // Points the user already spent are not paid twice: at most what is still on the account.
    const points = Math.max(0, Math.min(due.amount, await pointsBalance(tx, due.user_id)));
    if (points > 0) await allocate(tx, due.user_id, due.debit_account_id, points);
    await recordRewardState(tx, due.id, 'paid');
    return points;
  });
}

async function allocate(tx: Db, userId: number, userAccount: number, points: number): Promise<void> {
  const targets = (
    await tx.query<Target>(
      `SELECT ut.project_id, a.id AS account_id, p.unit_points, p.unit_amount
         FROM user_targets ut JOIN projects p ON p.id = ut.project_id JOIN loyalty_accounts a ON a.project_id = p.id
        WHERE ut.user_id = $1 ORDER BY ut.created_at, ut.id`,
      [userId],
    )
  ).rows;
  if (targets.length === 0) {
    await tx.query(
      `INSERT INTO loyalty_transactions (user_id, type_id, direction, debit_account_id, credit_account_id, amount)
       VALUES ($1, (SELECT id FROM transaction_types WHERE name = 'contribution'), 'out', (SELECT id FROM loyalty_accounts WHERE system_key = 'pension'), $2, $3)`,
      [userId, userAccount, points],
    );
    return;
  }
  const shares = splitPoints(points, targets.length);
  for (const [k, target] of targets.entries()) {
    if (shares[k] === 0) continue;
    // Units as a donation counts them (routes/projects.ts).
    const units = Math.round((shares[k] / target.unit_points) * target.unit_amount * 100) / 100;
    await tx.query(
      `INSERT INTO loyalty_transactions (user_id, type_id, direction, debit_account_id, credit_account_id, amount, units, project_id)
       VALUES ($1, (SELECT id FROM transaction_types WHERE name = 'donation'), 'out', $2, $3, $4, $5, $6)`,
      [userId, target.account_id, userAccount, shares[k], units, target.project_id],
    );
  }
}
