/**
 * The user's privacy choices. Screen visits are stored for a signed-in user only when the user said
 * yes (null, never chosen, counts as no); a visitor's choice lives on the device, whose app then
 * sends nothing.
 */
import type { Db } from '../db/open.ts';
import type { PrivacySettings } from '../contract/types.ts';
import { isoDate } from '../present/serialize.ts';
import { accountGone } from './errors.ts';

export async function getPrivacy(db: Db, userId: number): Promise<PrivacySettings> {
  const { rows } = await db.query<{ screen_visit_consent: boolean | null; screen_visit_consent_at: unknown }>(
    'SELECT screen_visit_consent, screen_visit_consent_at FROM users WHERE id = $1',
    [userId],
  );
  if (!rows[0]) throw accountGone();
  const at = rows[0].screen_visit_consent_at;
  return { screen_visits: rows[0].screen_visit_consent, screen_visits_chosen_at: at == null ? null : isoDate(at) };
}

export async function setScreenVisitConsent(db: Db, userId: number, on: boolean): Promise<PrivacySettings> {
  await db.query('UPDATE users SET screen_visit_consent = $2, screen_visit_consent_at = now() WHERE id = $1', [userId, on]);
  return getPrivacy(db, userId);
}

/** Stores the visit unless it is a user's who has not said yes (one statement: no read-then-write race). */
export async function recordScreenVisit(db: Db, screen: string, userId: number | null): Promise<void> {
  await db.query(
    `INSERT INTO screen_visits (screen, user_id)
     SELECT $1, $2::int WHERE $2::int IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = $2::int AND screen_visit_consent)`,
    [screen, userId],
  );
}
