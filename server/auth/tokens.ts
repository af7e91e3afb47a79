/**
 * OAuth tokens: 256-bit random strings handed out once; only their sha256 is stored.
 * Refresh tokens rotate on every use; presenting a used (or revoked) one revokes its whole
 * family, including the access tokens issued from it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/open.ts';

export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

export interface IssuedTokens {
  access_token: string;
  refresh_token?: string;
  token_type: 'bearer';
  expires_in: number;
  scope: 'ios';
}

export async function issueVisitorToken(db: Db, ttl: number): Promise<IssuedTokens> {
  const access = randomToken();
  await db.query(`INSERT INTO access_tokens (token_hash, user_id, expires_at) VALUES ($1, NULL, now() + ($2 || ' seconds')::interval)`, [
    sha256(access),
    String(ttl),
  ]);
  return { access_token: access, token_type: 'bearer', expires_in: ttl, scope: 'ios' };
}

export async function issueUserTokens(db: Db, userId: number, ttl: number, familyId?: string): Promise<IssuedTokens> {
  const family = familyId ?? randomToken(16);
  const access = randomToken();
  const refresh = randomToken();
  await db.query(
    `INSERT INTO access_tokens (token_hash, user_id, family_id, expires_at) VALUES ($1, $2, $3, now() + ($4 || ' seconds')::interval)`,
    [sha256(access), userId, family, String(ttl)],
  );
  await db.query(
    `INSERT INTO refresh_tokens (token_hash, user_id, family_id, expires_at) VALUES ($1, $2, $3, now() + ($4 || ' seconds')::interval)`,
    [sha256(refresh), userId, family, String(REFRESH_TTL_SECONDS)],
  );
  return { access_token: access, refresh_token: refresh, token_type: 'bearer', expires_in: ttl, scope: 'ios' };
}

export type RotateResult = { ok: true; tokens: IssuedTokens } | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

export async function rotateRefreshToken(db: Db, refreshToken: string, ttl: number): Promise<RotateResult> {
  const h = sha256(refreshToken);
  return db.transaction(async (tx) => {
    const used = await tx.query<{ user_id: number; family_id: string }>(
      `UPDATE refresh_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING user_id, family_id`,
      [h],
    );
    if (used.rows.length === 1) {
      const { user_id, family_id } = used.rows[0];
      return { ok: true as const, tokens: await issueUserTokens(tx, user_id, ttl, family_id) };
    }
    const known = await tx.query<{ family_id: string; used_at: unknown; revoked_at: unknown }>(
      'SELECT family_id, used_at, revoked_at FROM refresh_tokens WHERE token_hash = $1',
      [h],
    );
    if (known.rows.length === 0) return { ok: false as const, reason: 'unknown' as const };
    const row = known.rows[0];
    if (row.used_at !== null || row.revoked_at !== null) {
      await revokeFamily(tx, row.family_id);
      return { ok: false as const, reason: 'reused' as const };
    }
    return { ok: false as const, reason: 'expired' as const };
  });
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [familyId]);
  await db.query('DELETE FROM access_tokens WHERE family_id = $1', [familyId]);
}

export interface TokenOwner {
  kind: 'user' | 'visitor';
  userId: number | null;
}

export async function lookupAccessToken(db: Db, token: string): Promise<TokenOwner | null> {
  const { rows } = await db.query<{ user_id: number | null }>(
    'SELECT user_id FROM access_tokens WHERE token_hash = $1 AND expires_at > now()',
    [sha256(token)],
  );
  if (rows.length === 0) return null;
  const userId = rows[0].user_id;
  return userId === null ? { kind: 'visitor', userId: null } : { kind: 'user', userId };
}

/** Housekeeping: forget long-expired tokens. */
export async function purgeExpiredTokens(db: Db): Promise<void> {
  await db.query(`DELETE FROM access_tokens WHERE expires_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'`);
}
