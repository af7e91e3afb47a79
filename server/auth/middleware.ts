/**
 * Bearer-token middleware. `optionalAuth`: a valid token (user or visitor) or none; a bad token
 * is 401 so the client refreshes. `requireUser`: no token → 401, visitor token → 403.
 */
import type { MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors.ts';
import { lookupAccessToken, type TokenOwner } from './tokens.ts';
import type { AppEnv } from '../http/env.ts';

/** The token of an Authorization header: undefined without one, null when malformed. */
export function bearerToken(header: string | null | undefined): string | null | undefined {
  if (header == null) return undefined;
  const m = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
  return m ? m[1] : null;
}

const unauthorized = (description: string) =>
  new HttpError(401, 'unauthorized', description, undefined, { 'WWW-Authenticate': 'Bearer realm="socialpay"' });

/** The caller: null without a token; sync when the token is known in memory (the common case). */
function resolve(c: Parameters<MiddlewareHandler<AppEnv>>[0]): TokenOwner | null | Promise<TokenOwner | null> {
  const token = bearerToken(c.req.header('authorization'));
  if (token === undefined) return null;
  if (token === null || token.length > 200) throw unauthorized('The access token is malformed.');
  const owner = lookupAccessToken(c.get('db'), token);
  if (owner instanceof Promise) {
    return owner.then((o) => {
      if (!o) throw unauthorized('The access token is invalid or has expired.');
      return o;
    });
  }
  return owner;
}

function requireUserOwner(owner: TokenOwner | null): TokenOwner {
  if (!owner) throw unauthorized('An access token is required.');
  if (owner.kind !== 'user') throw new HttpError(403, 'forbidden', 'This call needs a signed-in user.');
  return owner;
}

// Not async functions: a token known in memory goes straight on to next() (no awaits per request).
export const optionalAuth: MiddlewareHandler<AppEnv> = (c, next) => {
  const owner = resolve(c);
  if (owner instanceof Promise) {
    return owner.then((o) => {
      c.set('auth', o);
      return next();
    });
  }
  c.set('auth', owner);
  return next();
};

export const requireUser: MiddlewareHandler<AppEnv> = (c, next) => {
  const owner = resolve(c);
  if (owner instanceof Promise) {
    return owner.then((o) => {
      c.set('auth', requireUserOwner(o));
      return next();
    });
  }
  c.set('auth', requireUserOwner(owner));
  return next();
};

export function userId(c: { var: { auth: TokenOwner | null } }): number {
  const a = c.var.auth;
  if (!a || a.userId === null) throw unauthorized('An access token is required.');
  return a.userId;
}
