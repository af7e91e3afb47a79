/**
 * Security headers on every response. Strict CSP (no third-party scripts; no inline script but the app
 * page's own early start, allowed by its hash: cspAllowing, used by static.ts); inline
 * styles are allowed because React style attributes need them. Only the fund-signup page
 * (/sandbox/fondo) may be framed, and only by this origin. HSTS when the public URL is https.
 *
 * Cost: under @hono/node-server the headers are put on the Node response (`outgoing.setHeader`)
 * before the handler runs; the handler's own headers are merged over them by `writeHead`, so a
 * handler may still set its own CSP or Cache-Control. This leaves the handler's Response untouched
 * (a lightweight Response with a plain header object is written without building a WHATWG Headers
 * object), which is most of what this middleware used to cost per request. Without a Node response
 * (app.request() in a test), the headers are set on the Response after the handler, as before.
 */
import type { ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';

export interface SecurityHeaders {
  /** The middleware: every response that goes through the app. */
  middleware: MiddlewareHandler<AppEnv>;
  /** The same headers on a Node response, for answers sent before the app (routes/catalogue-fast-path.ts). */
  setOnNode(outgoing: ServerResponse, path: string): void;
  /** The CSP of a page that also runs these inline scripts (CSP hashes, 'sha256-…'): only the app's
   *  index.html has one (its early start, vite.config.ts), and only that page is allowed it. */
  cspAllowing(scriptHashes: string[]): string;
}

export function securityHeaders(publicUrl: string): SecurityHeaders {
  let publicOrigin = '';
  try {
    publicOrigin = new URL(publicUrl).origin;
  } catch {
    publicOrigin = '';
  }
  const policy = (scriptHashes: string[]) => [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((h) => `'${h}'`)].join(' '),
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
  const base = policy([]);
  const cspDeny = `${base}; frame-ancestors 'none'`;
  const cspSelf = `${base}; frame-ancestors 'self'`;

  const common: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ];
  // HSTS only where the browser reaches the app over https: on plain-http localhost it means nothing,
  // and pinned to a host it would outlive a test setup. One year; subdomains are not ours to pin.
  if (publicUrl.startsWith('https:')) common.push(['Strict-Transport-Security', 'max-age=31536000']);

  /** Puts the headers on a Node response before anything is written; the handler's own headers are
   *  merged over them by writeHead (its CSP / Cache-Control win). */
  const setOnNode = (outgoing: ServerResponse, path: string): void => {
    const framable = path === '/sandbox/fondo';
    outgoing.setHeader('Content-Security-Policy', framable ? cspSelf : cspDeny);
    outgoing.setHeader('X-Frame-Options', framable ? 'SAMEORIGIN' : 'DENY');
    for (const [k, v] of common) outgoing.setHeader(k, v);
    if (path.startsWith('/api/') || path.startsWith('/oauth/')) outgoing.setHeader('Cache-Control', 'no-store');
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const path = c.req.path;
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent) {
      setOnNode(outgoing, path);
      await next();
      return;
    }
    const framable = path === '/sandbox/fondo';
    const api = path.startsWith('/api/') || path.startsWith('/oauth/');
    await next();
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
    for (const [k, v] of common) set(k, v);
    if (!h.has('Cache-Control') && api) set('Cache-Control', 'no-store');
  };
  return { middleware, setOnNode, cspAllowing: (scriptHashes) => `${policy(scriptHashes)}; frame-ancestors 'none'` };
}
