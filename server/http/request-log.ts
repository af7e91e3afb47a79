/**
 * Per request, around everything (the catalogue fast path included): a request id (the proxy's
 * X-Request-Id when it is short and safe, else a new UUID) returned on every answer, one JSON log
 * line (method, route pattern, status, duration, id, user id) and the request metrics. Paths,
 * queries, headers and bodies are never logged: they can hold emails, tokens and passwords.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from '../log.ts';
import { httpDuration, httpRequests } from '../metrics.ts';
import type { AppEnv } from './env.ts';
import type { Lifecycle } from './drain.ts';

interface RequestInfo {
  id: string;
  route?: string;
  userId?: number | null;
}

const infos = new WeakMap<Request, RequestInfo>();
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id (for error lines); undefined outside withRequestLog (never in practice). */
export const requestIdOf = (c: Context): string | undefined => infos.get(c.req.raw)?.id;

/** The pattern of the handler that answered: the first matched route that is not middleware. */
function handlerRoute(c: Context): string {
  for (const r of matchedRoutes(c)) if (r.method !== 'ALL') return r.path;
  return 'unmatched';
}

/** First middleware of the app: notes the route pattern and the caller once the handlers ran. */
export const noteRoute: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    await next();
  } finally {
    const info = infos.get(c.req.raw);
    if (info) {
      info.route = handlerRoute(c);
      info.userId = c.get('auth')?.userId ?? null;
    }
  }
};

type Fetch = (req: Request, env?: unknown, ctx?: never) => Response | Promise<Response>;

export function withRequestLog(fetch: Fetch, opts: { logger: Logger; lifecycle: Lifecycle; routeOf: (req: Request) => string }): Fetch {
  const { logger, lifecycle, routeOf } = opts;
  return async (req, env, ctx) => {
    const t0 = performance.now();
    const given = req.headers.get('x-request-id');
    const info: RequestInfo = { id: given && SAFE_ID.test(given) ? given : randomUUID() };
    infos.set(req, info);
    const res = await fetch(req, env, ctx);
    const outgoing = (env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent) {
      // Through the Node server: merged into the response head (also for the fast path's answers).
      outgoing.setHeader('X-Request-Id', info.id);
      if (lifecycle.draining) outgoing.setHeader('Connection', 'close');
    } else {
      try {
        res.headers.set('X-Request-Id', info.id);
      } catch {
        /* immutable headers: nothing to add to */
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    const labels = { method: req.method, route: info.route ?? routeOf(req), status: String(res.status) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, seconds);
    logger.info(
      { req_id: info.id, method: labels.method, route: labels.route, status: res.status, ms: Math.round(seconds * 10_000) / 10, user_id: info.userId ?? null },
      'request',
    );
    return res;
  };
}
