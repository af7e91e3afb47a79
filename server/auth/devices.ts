/**
 * Signed-in devices: a user's refresh-token families that still hold a usable refresh token. A
 * device is named to the app by a hash of its family id (the family id never leaves the server).
 * Signing a device out revokes its family (refresh tokens refused, access tokens deleted and
 * forgotten in this process; other processes drop theirs within TOKEN_CACHE_TTL_MS).
 */
import type { Db } from '../db/open.ts';
import type { SignedInDevice } from '../contract/types.ts';
import { deviceName } from '../present/user-agent.ts';
import { isoDate } from '../present/serialize.ts';
import { REFRESH_TTL_SECONDS, revokeFamily, sha256 } from './tokens.ts';

const deviceId = (family: string) => sha256(`device:${family}`).slice(0, 32);

interface FamilyRow {
  family_id: string;
  user_agent: string | null;
  first_seen: unknown;
  last_seen: unknown;
}

/** Families signed in before devices were recorded have no token_families row: their times come from the tokens. */
async function activeFamilies(db: Db, userId: number): Promise<FamilyRow[]> {
  const { rows } = await db.query<FamilyRow>(
    `SELECT rt.family_id, f.user_agent,
            coalesce(f.created_at, min(rt.expires_at) - ($2 || ' seconds')::interval) AS first_seen,
            coalesce(f.last_seen_at, max(rt.expires_at) - ($2 || ' seconds')::interval) AS last_seen
       FROM refresh_tokens rt LEFT JOIN token_families f ON f.family_id = rt.family_id
      WHERE rt.user_id = $1
      GROUP BY rt.family_id, f.user_agent, f.created_at, f.last_seen_at
     HAVING bool_or(rt.used_at IS NULL AND rt.revoked_at IS NULL AND rt.expires_at > now())
      ORDER BY last_seen DESC, rt.family_id`,
    [userId, String(REFRESH_TTL_SECONDS)],
  );
  return rows;
}

export async function listDevices(db: Db, userId: number, currentFamily: string | null | undefined): Promise<SignedInDevice[]> {
  return (await activeFamilies(db, userId)).map((r) => ({
    id: deviceId(r.family_id),
    ...deviceName(r.user_agent),
    first_seen: isoDate(r.first_seen),
    last_seen: isoDate(r.last_seen),
    current: r.family_id === currentFamily,
  }));
}

/** False when the user has no active device with this id. */
export async function signOutDevice(db: Db, userId: number, id: string): Promise<boolean> {
  const family = (await activeFamilies(db, userId)).find((r) => deviceId(r.family_id) === id);
  if (!family) return false;
  await revokeFamily(db, family.family_id);
  return true;
}

/** Every active device but the caller's; the number signed out. */
export async function signOutOtherDevices(db: Db, userId: number, currentFamily: string | null | undefined): Promise<number> {
  const others = (await activeFamilies(db, userId)).filter((r) => r.family_id !== currentFamily);
  for (const r of others) await revokeFamily(db, r.family_id);
  return others.length;
}
