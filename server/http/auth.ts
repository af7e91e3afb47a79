/**
 * Bearer-token middleware. `optionalAuth`: a valid token (user or visitor) or none; a bad token
 * is 401 so the client refreshes. `requireUser`: no token → 401, visitor token → 403.
 */
import type { MiddlewareHandler } from 'hono';
import { HttpError } from './errors.ts';
import { lookupAccessToken, type TokenOwner } from '../auth/tokens.ts';
import type { AppEnv } from './env.ts';

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

/**
 * A middleware that sets the caller (after `check`) and goes on. Not an async function: a token known
 * in memory goes straight on to next(), with no await per request.
 */
function withCaller(check: (owner: TokenOwner | null) => TokenOwner | null): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const go = (owner: TokenOwner | null) => {
      c.set('auth', check(owner));
      return next();
    };
    const owner = resolve(c);
    return owner instanceof Promise ? owner.then(go) : go(owner);
  };
}

export const optionalAuth = withCaller((owner) => owner);
export const requireUser = withCaller(requireUserOwner);

export function userId(c: { var: { auth: TokenOwner | null } }): number {
  const a = c.var.auth;
  if (!a || a.userId === null) throw unauthorized('An access token is required.');
  return a.userId;
}
