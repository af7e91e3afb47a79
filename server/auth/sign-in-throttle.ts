/**
 * Sign-in throttle per account (email), whether or not the account exists: MAX_FAILURES attempts per
 * SIGN_IN_WINDOW_MINUTES. The retention job deletes windows that have passed.
 */
import type { Db } from '../db/open.ts';

const MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MINUTES = 15;

/**
 * Counts an attempt before the password is checked, in one statement: concurrent attempts each take a
 * slot atomically, so a burst gets no more than MAX_FAILURES checks (a success frees the count).
 * Refused: the seconds until the window ends.
 */
export async function takeSignInSlot(db: Db, email: string): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const slot = await db.query<{ attempts: number; retry: number }>(
    `INSERT INTO sign_in_throttle AS t (email_key, failures, window_start) VALUES ($1, 1, now())
     ON CONFLICT (email_key) DO UPDATE SET
       failures = CASE WHEN t.window_start < now() - ($2 || ' minutes')::interval THEN 1 ELSE t.failures + 1 END,
       window_start = CASE WHEN t.window_start < now() - ($2 || ' minutes')::interval THEN now() ELSE t.window_start END
     RETURNING failures AS attempts,
               GREATEST(1, ceil(extract(epoch FROM (window_start + ($2 || ' minutes')::interval - now()))))::int AS retry`,
    [email, String(SIGN_IN_WINDOW_MINUTES)],
  );
  return slot.rows[0].attempts > MAX_FAILURES ? { allowed: false, retryAfter: slot.rows[0].retry } : { allowed: true };
}

/** A successful sign-in frees the account's count. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.query('DELETE FROM sign_in_throttle WHERE email_key = $1', [email]);
}
