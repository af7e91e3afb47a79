/**
 * OAuth tokens: 256-bit random strings handed out once; only their sha256 is stored.
 * Refresh tokens rotate on every use; presenting a used (or revoked) one revokes its whole
 * family, including the access tokens issued from it.
 */
import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../db/open.ts';

export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** One-shot hash: no Hash stream object per call (every authenticated request hashes its token). */
export function sha256(s: string): string {
  return hash('sha256', s, 'hex');
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

/** The user agent kept for a signed-in device (the devices list names it); longer ones are cut. */
const USER_AGENT_MAX = 500;

/**
 * A new pair: a new family (a sign-in, recorded as a signed-in device with its user agent) or the
 * next pair of `familyId` (the device was seen again).
 */
export async function issueUserTokens(db: Db, userId: number, ttl: number, familyId?: string, userAgent?: string | null): Promise<IssuedTokens> {
  const family = familyId ?? randomToken(16);
  const access = randomToken();
  const refresh = randomToken();
  // One statement (one round trip, atomic on its own).
  await db.query(
    `WITH a AS (
       INSERT INTO access_tokens (token_hash, user_id, family_id, expires_at) VALUES ($1, $3, $4, now() + ($5 || ' seconds')::interval)
     ), f AS (
       INSERT INTO token_families (family_id, user_id, user_agent) VALUES ($4, $3, $7)
       ON CONFLICT (family_id) DO UPDATE SET last_seen_at = now()
     )
     INSERT INTO refresh_tokens (token_hash, user_id, family_id, expires_at) VALUES ($2, $3, $4, now() + ($6 || ' seconds')::interval)`,
    [sha256(access), sha256(refresh), userId, family, String(ttl), String(REFRESH_TTL_SECONDS), userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null],
  );
  return { access_token: access, refresh_token: refresh, token_type: 'bearer', expires_in: ttl, scope: 'ios' };
}

/**
 * The common case of a refresh grant in one statement: mark the refresh token used and issue the
 * new pair in its family, atomically (a data-modifying CTE), one round trip instead of five
 * (BEGIN, UPDATE, INSERT, INSERT, COMMIT). Null when the token is not usable: the caller then
 * runs the full transaction, which tells unknown / expired / reused apart (and revokes on reuse).
 */
async function rotateFast(db: Db, refreshHash: string, ttl: number): Promise<IssuedTokens | null> {
  const access = randomToken();
  const refresh = randomToken();
  const { rows } = await db.query<{ user_id: number }>(
    `WITH used AS (
       UPDATE refresh_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING user_id, family_id
     ), a AS (
       INSERT INTO access_tokens (token_hash, user_id, family_id, expires_at)
       SELECT $2, user_id, family_id, now() + ($4 || ' seconds')::interval FROM used
     ), r AS (
       INSERT INTO refresh_tokens (token_hash, user_id, family_id, expires_at)
       SELECT $3, user_id, family_id, now() + ($5 || ' seconds')::interval FROM used
     ), seen AS (
       UPDATE token_families SET last_seen_at = now() WHERE family_id = (SELECT family_id FROM used)
     )
     SELECT user_id FROM used`,
    [refreshHash, sha256(access), sha256(refresh), String(ttl), String(REFRESH_TTL_SECONDS)],
  );
  if (rows.length !== 1) return null;
  return { access_token: access, refresh_token: refresh, token_type: 'bearer', expires_in: ttl, scope: 'ios' };
}

export type RotateResult = { ok: true; tokens: IssuedTokens } | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

export async function rotateRefreshToken(db: Db, refreshToken: string, ttl: number): Promise<RotateResult> {
  const fast = await rotateFast(db, sha256(refreshToken), ttl);
  if (fast) return { ok: true, tokens: fast };
  let revokedFamily: string | null = null;
  const result = await rotateInTransaction(db, refreshToken, ttl, (family) => (revokedFamily = family));
  // The family's access tokens are gone once the transaction has committed: forget them here too
  // (revokeFamily already did inside the transaction, before other connections could see the delete).
  if (revokedFamily !== null) forgetFamilyTokens(revokedFamily);
  return result;
}

function rotateInTransaction(db: Db, refreshToken: string, ttl: number, onRevoke: (family: string) => void): Promise<RotateResult> {
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
      onRevoke(row.family_id);
      return { ok: false as const, reason: 'reused' as const };
    }
    return { ok: false as const, reason: 'expired' as const };
  });
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  forgetFamilyTokens(familyId);
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [familyId]);
  await db.query('DELETE FROM access_tokens WHERE family_id = $1', [familyId]);
  // A signed-out device gets no more pushes (its subscription is the device's: push_subscriptions.family_id).
  await db.query('DELETE FROM push_subscriptions WHERE family_id = $1', [familyId]);
  // Again after the delete: a lookup that read the row before it was deleted must not be kept.
  // (Inside a transaction the delete is visible to others only at commit: the caller forgets again.)
  forgetFamilyTokens(familyId);
}

/** An access token revoked on its own (logout with an access token). */
export async function revokeAccessToken(db: Db, token: string): Promise<void> {
  const h = sha256(token);
  forgetTokens((_e, hash) => hash === h);
  await db.query('DELETE FROM access_tokens WHERE token_hash = $1', [h]);
  forgetTokens((_e, hash) => hash === h);
}

function forgetFamilyTokens(familyId: string): void {
  forgetTokens((e) => e.family === familyId);
}

/** Call after a user's tokens were deleted (account deletion cascades to access_tokens). */
export function forgetUserTokens(userId: number): void {
  forgetTokens((e) => e.owner.userId === userId);
}

export interface TokenOwner {
  kind: 'user' | 'visitor';
  userId: number | null;
  /** The refresh-token family (the signed-in device) a user's access token was issued in. */
  family?: string | null;
}

/**
 * Validated access tokens, in memory: the hot path (every authenticated call) then needs no
 * database round trip. Keyed by the token's sha256 (what the database stores), bounded in size,
 * and an entry lives at most TOKEN_CACHE_TTL_MS and never past the token's own expiry.
 *
 * In this process an entry is dropped at once on revocation (logout with an access or refresh
 * token, refresh-token reuse revoking a family, account deletion): see revokeFamily,
 * revokeAccessToken, forgetUserTokens. A generation counter stops a lookup that read the row
 * before the revocation from caching it afterwards.
 *
 * Several instances behind one database: a revocation made by another instance is not seen here
 * until the entry expires, so a revoked access token can still be accepted by this instance for at
 * most TOKEN_CACHE_TTL_MS (3 s) after the revocation. Expiry is exact (the entry keeps the
 * token's expires_at), and tokens are never accepted that the database did not accept at most
 * 3 s earlier.
 */
export const TOKEN_CACHE_TTL_MS = 3_000;
const TOKEN_CACHE_MAX = 20_000;

interface CachedToken {
  db: Db;
  owner: TokenOwner;
  family: string | null;
  /** Epoch ms after which the entry must not be used. */
  until: number;
}

const tokenCache = new Map<string, CachedToken>();
let tokenGeneration = 0;

function forgetTokens(match: (e: CachedToken, hash: string) => boolean): void {
  tokenGeneration++;
  for (const [h, e] of tokenCache) if (match(e, h)) tokenCache.delete(h);
}

/** Test hook: the number of cached tokens. */
export function cachedTokenCount(): number {
  return tokenCache.size;
}

/**
 * The token's owner: from memory when validated lately (returned as is, not as a promise, so the
 * hot path of every authenticated request has no await), else from the database.
 */
export function lookupAccessToken(db: Db, token: string): TokenOwner | Promise<TokenOwner | null> {
  const h = sha256(token);
  return remembered(db, h) ?? lookupInDatabase(db, h);
}

/** The owner of a token validated from memory, or undefined when only the database can tell. */
export function rememberedAccessToken(db: Db, token: string): TokenOwner | undefined {
  return remembered(db, sha256(token));
}

function remembered(db: Db, h: string): TokenOwner | undefined {
  const hit = tokenCache.get(h);
  if (hit === undefined) return undefined;
  if (hit.db === db && hit.until > Date.now()) return hit.owner;
  tokenCache.delete(h);
  return undefined;
}

async function lookupInDatabase(db: Db, h: string): Promise<TokenOwner | null> {
  const generation = tokenGeneration;
  const { rows } = await db.query<{ user_id: number | null; family_id: string | null; left_ms: number }>(
    `SELECT user_id, family_id, (extract(epoch FROM (expires_at - now())) * 1000)::float8 AS left_ms
       FROM access_tokens WHERE token_hash = $1 AND expires_at > now()`,
    [h],
  );
  if (rows.length === 0) return null;
  const userId = rows[0].user_id;
  const owner: TokenOwner = userId === null ? { kind: 'visitor', userId: null } : { kind: 'user', userId, family: rows[0].family_id };
  if (generation === tokenGeneration) {
    if (tokenCache.size >= TOKEN_CACHE_MAX) {
      const oldest = tokenCache.keys().next();
      if (!oldest.done) tokenCache.delete(oldest.value);
    }
    const left = Number(rows[0].left_ms);
    const until = Date.now() + Math.min(TOKEN_CACHE_TTL_MS, Number.isFinite(left) ? left : 0);
    tokenCache.set(h, { db, owner, family: rows[0].family_id, until });
  }
  return owner;
}
