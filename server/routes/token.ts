/**
 * POST /oauth/v2/token (JSON or application/x-www-form-urlencoded).
 * Grants: password, refresh_token, client_credentials. The web app is a public client: a
 * client_id/secret may be sent and is ignored. Failures: 400 invalid_request |
 * unsupported_grant_type | invalid_grant; 429 too_many_requests when sign-in is throttled.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import { hasNul, issuesToViolations, nulError, readJson } from '../http/validate.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { clearSignInFailures, takeSignInSlot } from '../auth/sign-in-throttle.ts';
import { issueUserTokens, issueVisitorToken, revokeAccessToken, revokeFamily, rotateRefreshToken, sha256 } from '../auth/tokens.ts';

const str = (max: number) => z.string().max(max);
const common = { client_id: str(200).optional(), client_secret: str(500).optional(), scope: str(100).optional() };

export const TokenSchema = z.discriminatedUnion('grant_type', [
  z.object({ grant_type: z.literal('password'), username: str(254).min(1), password: str(1024).min(1), ...common }),
  z.object({ grant_type: z.literal('refresh_token'), refresh_token: str(200).min(1), ...common }),
  z.object({ grant_type: z.literal('client_credentials'), ...common }),
]);

/** POST /oauth/v2/revoke's body (JSON or form). */
export const RevokeBody = z.object({ token: str(200).min(1) });

const invalidGrant = (d: string) => new HttpError(400, 'invalid_grant', d);

export function tokenRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post('/token', async (c) => {
    const type = c.req.header('content-type') ?? '';
    let raw: unknown;
    if (type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      const text = await c.req.text();
      raw = Object.fromEntries(new URLSearchParams(text));
      if (hasNul(raw)) throw nulError();
    } else {
      raw = await readJson(c);
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('The body must be an object.');
    const gt = (raw as { grant_type?: unknown }).grant_type;
    if (gt === undefined) throw badRequest('grant_type is required.', [{ property_path: 'grant_type', message: 'Required.', code: 'required' }]);
    if (gt !== 'password' && gt !== 'refresh_token' && gt !== 'client_credentials') {
      throw new HttpError(400, 'unsupported_grant_type', 'The grant type is not supported.');
    }
    const parsed = TokenSchema.safeParse(raw);
    if (!parsed.success) throw badRequest('The token request is missing or has invalid fields.', issuesToViolations(parsed.error.issues, raw));
    const body = parsed.data;
    const { db, config } = c.var;
    c.header('Cache-Control', 'no-store');

    if (body.grant_type === 'client_credentials') {
      return c.json(await issueVisitorToken(db, config.accessTokenTtl));
    }
    if (body.grant_type === 'refresh_token') {
      const r = await rotateRefreshToken(db, body.refresh_token, config.accessTokenTtl);
      if (!r.ok) {
        throw invalidGrant(
          r.reason === 'reused' ? 'The refresh token is no longer valid (already used or revoked); the session has been revoked.' : 'The refresh token is invalid or has expired.',
        );
      }
      return c.json(r.tokens);
    }

    // password grant, throttled per account (email), whether or not the account exists.
    const email = body.username.trim().toLowerCase();
    const slot = await takeSignInSlot(db, email);
    if (!slot.allowed) {
      throw new HttpError(429, 'too_many_requests', 'Too many failed sign-in attempts. Please try again later.', undefined, {
        'Retry-After': String(slot.retryAfter),
      });
    }
    const user = await db.query<{ id: number; password_hash: string }>('SELECT id, password_hash FROM users WHERE email = $1', [email]);
    const ok = await verifyPassword(user.rows[0]?.password_hash ?? null, body.password);
    if (!ok) throw invalidGrant('Invalid username and password combination.');
    await clearSignInFailures(db, email);
    return c.json(await issueUserTokens(db, user.rows[0].id, config.accessTokenTtl, undefined, c.req.header('user-agent')));
  });
  // RFC 7009-style revocation for logout: a refresh token revokes its whole session (family),
  // an access token just itself. Always 200, whatever the token was.
  r.post('/revoke', async (c) => {
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    let raw: unknown;
    if (type.startsWith('application/x-www-form-urlencoded')) raw = Object.fromEntries(new URLSearchParams(await c.req.text()));
    else raw = await readJson(c);
    const parsed = RevokeBody.safeParse(raw);
    if (!parsed.success) throw badRequest('token is required.', [{ property_path: 'token', message: 'Required.', code: 'required' }]);
    const { token } = parsed.data;
    const db = c.var.db;
    const h = sha256(token);
    const refresh = await db.query<{ family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = $1', [h]);
    if (refresh.rows[0]) await revokeFamily(db, refresh.rows[0].family_id);
    else await revokeAccessToken(db, token);
    c.header('Cache-Control', 'no-store');
    return c.json({}, 200);
  });
  return r;
}
