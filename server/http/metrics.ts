/**
 * GET /metrics: the Prometheus text of server/metrics.ts. Not public: answered to loopback clients
 * (the client address as rate limits see it, so behind TRUST_PROXY the forwarded one) or with
 * `Authorization: Bearer <METRICS_TOKEN>`; otherwise 401 (a token is configured) or 403.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Handler, MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { countOutboxWrite, gaugeFrom, registry, type OutboxKind } from '../metrics.ts';
import type { AppEnv } from './env.ts';
import { bearerToken } from './auth.ts';
import { HttpError } from './errors.ts';
import { clientAddress } from './rate-limit.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function metricsHandler(db: Db, config: Config): Handler<AppEnv> {
  gaugeFrom('socialpay_db_pool_connections', 'PostgreSQL pool connections by state (pg only).', ['state'], (set) => {
    const s = db.poolStats?.();
    if (!s) return;
    set({ state: 'total' }, s.total);
    set({ state: 'idle' }, s.idle);
    set({ state: 'waiting' }, s.waiting);
  });
  return async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    const allowed = config.metricsToken && token ? sameToken(token, config.metricsToken) : LOOPBACK.test(clientAddress(c, config.trustProxy));
    if (!allowed) {
      if (config.metricsToken) {
        throw new HttpError(401, 'unauthorized', 'Metrics need the metrics token.', undefined, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
      }
      throw new HttpError(403, 'forbidden', 'Metrics are answered to loopback clients only.');
    }
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
  };
}

/** On a write the app's offline outbox replays: counts it when it was applied (a 2xx answer). */
export const countsOutboxWrite =
  (kind: OutboxKind): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next();
    if (c.res.status < 300) countOutboxWrite(kind);
  };
