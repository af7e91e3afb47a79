/**
 * The points rules, written once for every query that needs them: earnings count once they are
 * cleared (or have no external state), spending counts unless it was declined.
 */
import type { Db } from '../db/open.ts';

/** An earning that has not been declined (pending or cleared): savings and "points earned". */
export const EARNED = `direction = 'in' AND (ext_state IS NULL OR ext_state <> 'Declined')`;
/** A return taking a reward back (type refund, not declined): savings and "points earned" are net of it. */
export const RETURNED = `direction = 'out' AND type_id = (SELECT id FROM transaction_types WHERE name = 'refund') AND (ext_state IS NULL OR ext_state <> 'Declined')`;
/** A transaction's effect on savings: earnings in, returns out (sum it over the rows where EARNED or RETURNED). */
export const SAVED_DELTA = `CASE WHEN ${EARNED} THEN amount WHEN ${RETURNED} THEN -amount ELSE 0 END`;
/** An earning that can be spent. */
export const CLEARED = `direction = 'in' AND (ext_state IS NULL OR ext_state = 'Cleared')`;
/** A transaction's effect on the spendable balance (sum it over a user's loyalty_transactions). */
export const BALANCE_DELTA = `CASE WHEN ${CLEARED} THEN amount
                                  WHEN direction = 'out' AND (ext_state IS NULL OR ext_state <> 'Declined') THEN -amount
                                  ELSE 0 END`;

/** Balance the user can spend (cleared earnings minus what left the account). */
export async function pointsBalance(db: Db, uid: number): Promise<number> {
  const { rows } = await db.query<{ balance: number }>(
    `SELECT coalesce(sum(${BALANCE_DELTA}), 0)::int AS balance FROM loyalty_transactions WHERE user_id = $1`,
    [uid],
  );
  return rows[0].balance;
}
