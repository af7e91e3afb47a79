/**
 * Security headers on every response. Strict CSP (no inline or third-party scripts); inline
 * styles are allowed because React style attributes need them. Only the fund-signup page
 * (/sandbox/fondo) may be framed, and only by this origin.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';

export function securityHeaders(publicUrl: string): MiddlewareHandler<AppEnv> {
  let publicOrigin = '';
  try {
    publicOrigin = new URL(publicUrl).origin;
  } catch {
    publicOrigin = '';
  }
  const base = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${publicOrigin ? ' ' + publicOrigin : ''}`,
  ].join('; ');
  const cspDeny = `${base}; frame-ancestors 'none'`;
  const cspSelf = `${base}; frame-ancestors 'self'`;

  return async (c, next) => {
    await next();
    const framable = c.req.path === '/sandbox/fondo';
    let h: Headers;
    try {
      h = c.res.headers;
      h.get('x'); // probe
    } catch {
      return;
    }
    const set = (k: string, v: string) => {
      try {
        h.set(k, v);
      } catch {
        /* immutable headers: leave them */
      }
    };
    if (!h.has('Content-Security-Policy')) set('Content-Security-Policy', framable ? cspSelf : cspDeny);
    set('X-Frame-Options', framable ? 'SAMEORIGIN' : 'DENY');
    set('X-Content-Type-Options', 'nosniff');
    set('Referrer-Policy', 'strict-origin-when-cross-origin');
    set('Cross-Origin-Opener-Policy', 'same-origin');
    set('Cross-Origin-Resource-Policy', 'same-origin');
    set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (!h.has('Cache-Control') && (c.req.path.startsWith('/api/') || c.req.path.startsWith('/oauth/'))) {
      set('Cache-Control', 'no-store');
    }
  };
}
