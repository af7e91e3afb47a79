/**
 * Bearer-token middleware. `optionalAuth`: a valid token (user or visitor) or none; a bad token
 * is 401 so the client refreshes. `requireUser`: no token → 401, visitor token → 403.
 */
import type { MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors.ts';
import { lookupAccessToken, type TokenOwner } from './tokens.ts';
import type { AppEnv } from '../http/env.ts';

function bearer(header: string | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  const m = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
  return m ? m[1] : null;
}

const unauthorized = (description: string) =>
  new HttpError(401, 'unauthorized', description, undefined, { 'WWW-Authenticate': 'Bearer realm="socialpay"' });

async function resolve(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<TokenOwner | null> {
  const token = bearer(c.req.header('authorization'));
  if (token === undefined) return null;
  if (token === null || token.length > 200) throw unauthorized('The access token is malformed.');
  const owner = await lookupAccessToken(c.get('db'), token);
  if (!owner) throw unauthorized('The access token is invalid or has expired.');
  return owner;
}

export const optionalAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('auth', await resolve(c));
  await next();
};

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const owner = await resolve(c);
  if (!owner) throw unauthorized('An access token is required.');
  if (owner.kind !== 'user') throw new HttpError(403, 'forbidden', 'This call needs a signed-in user.');
  c.set('auth', owner);
  await next();
};

export function userId(c: { var: { auth: TokenOwner | null } }): number {
  const a = c.var.auth;
  if (!a || a.userId === null) throw unauthorized('An access token is required.');
  return a.userId;
}
