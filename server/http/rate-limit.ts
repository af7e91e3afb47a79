/**
 * Per-client rate limits on the unauthenticated writes: the token endpoint (every grant), sign-up,
 * forgot-password and screen-visit tracking; per user, the costly signed-in calls (perUserLimit: the data
 * export). rate-limiter-flexible counts in the rate_limits table
 * through the server's own database adapter (PGlite or PostgreSQL), so every process on one
 * database shares the counts. Over the limit: 429 too_many_requests with Retry-After.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config, RateRule } from '../config.ts';
import type { Db } from '../db/open.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';
import { countRateLimited } from '../metrics.ts';

type Bucket = keyof Config['rateLimits'];

/** Which requests each limit counts (POST only; both API prefixes). */
const ROUTES: [Bucket, RegExp][] = [
  ['token', /^\/oauth\/v2\/token\/?$/],
  ['signUp', /^\/api\/v1(\.0)?\/application-users\/?$/],
  ['resetPassword', /^\/api\/v1(\.0)?\/reset-password\//],
  ['tracking', /^\/api\/v1(\.0)?\/tracking\/screen-visit\/?$/],
];

/** The client's address: the socket's, or with N trusted proxies the Nth X-Forwarded-For entry from the right. */
export function clientAddress(c: Context, trustProxy: number): string {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  const direct = socket?.remoteAddress ?? 'unknown';
  if (trustProxy === 0) return direct;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (hops.length === 0) return direct;
  return hops[Math.max(0, hops.length - trustProxy)];
}

function limiter(db: Db, bucket: string, rule: RateRule): RateLimiterPostgres {
  return new RateLimiterPostgres({
    // The library sends { text, values } query objects; the adapter takes (sql, params).
    storeClient: { query: (q: { text: string; values?: unknown[] }) => db.query(q.text, q.values) },
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true, // migration 003
    clearExpiredByTimeout: false, // the retention purge deletes spent counters
    keyPrefix: bucket,
    points: rule.points,
    duration: rule.seconds,
  });
}

export function rateLimits(db: Db, config: Config): MiddlewareHandler<AppEnv> {
  const limiters = new Map<Bucket, RateLimiterPostgres>();
  for (const [bucket] of ROUTES) {
    const rule = config.rateLimits[bucket];
    if (rule) limiters.set(bucket, limiter(db, bucket, rule));
  }
  return async (c, next) => {
    if (c.req.method !== 'POST' || limiters.size === 0) return next();
    const path = c.req.path;
    const match = ROUTES.find(([, re]) => re.test(path));
    const rl = match && limiters.get(match[0]);
    if (!rl) return next();
    try {
      await rl.consume(clientAddress(c, config.trustProxy));
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      countRateLimited(match[0]);
      throw new HttpError(429, 'too_many_requests', 'Too many requests from this client. Please try again later.', undefined, {
        'Retry-After': String(Math.max(1, Math.ceil(err.msBeforeNext / 1000))),
      });
    }
    return next();
  };
}

const tooMany = (err: RateLimiterRes) =>
  new HttpError(429, 'too_many_requests', 'Too many requests. Please try again later.', undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(err.msBeforeNext / 1000))),
  });

/** A limit per signed-in user on one call (mount after requireUser): `rule.points` per `rule.seconds`. */
export function perUserLimit(bucket: string, rule: RateRule): MiddlewareHandler<AppEnv> {
  const byDb = new WeakMap<Db, RateLimiterPostgres>();
  return async (c, next) => {
    const db = c.var.db;
    let rl = byDb.get(db);
    if (!rl) byDb.set(db, (rl = limiter(db, bucket, rule)));
    try {
      await rl.consume(String(c.var.auth?.userId ?? 'none'));
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw tooMany(err);
    }
    return next();
  };
}
