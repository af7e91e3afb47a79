/**
 * Builds the Hono app (no listening): tests call createApp({ db, config }) and use app.request()
 * or serve it on an ephemeral port.
 *
 * Access rules:
 * - public (no token, a visitor token or a user token): /health, /site/* (catalogue, categories,
 *   countries), POST /application-users (sign up), POST /reset-password/{email},
 *   POST /tracking/screen-visit. An invalid or expired token is still 401 here.
 * - everything else under /api needs a user token: none → 401 unauthorized, visitor → 403 forbidden.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { Config } from './config.ts';
import type { Db } from './db/open.ts';
import type { AppEnv } from './http/env.ts';
import { HttpError, toHttpError } from './http/errors.ts';
import { securityHeaders } from './http/security-headers.ts';
import { methodNotAllowed, routedMethods } from './http/method-not-allowed.ts';
import { rateLimits } from './http/rate-limit.ts';
import { staticApp } from './http/static.ts';
import { tokenRoutes } from './routes/token.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { userRoutes } from './routes/users.ts';
import { fileRoutes } from './routes/files.ts';
import { projectRoutes } from './routes/projects.ts';
import { walletRoutes } from './routes/wallet.ts';
import { privacyRoutes } from './routes/privacy.ts';
import { dataExportRoutes } from './routes/data-export.ts';
import { walletBalanceRoutes } from './routes/wallet-balance.ts';
import { orderRoutes } from './routes/orders.ts';
import { tripRoutes } from './routes/trips.ts';
import { sandboxRoutes } from './sandbox/pages.ts';
import { partnerRoutes } from './routes/partner.ts';
import { mediaRoutes } from './routes/media.ts';
import { operatorRoutes } from './routes/operator.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { fileStoreFor } from './services/file-store.ts';
import { cachedListPages, fastPathRoute } from './routes/catalogue-fast-path.ts';
import { readyRoutes } from './routes/ready.ts';
import { newLifecycle, type Lifecycle } from './http/drain.ts';
import { noteRoute, requestIdOf, withRequestLog } from './http/request-log.ts';
import { metricsHandler } from './http/metrics.ts';
import { openApiRoutes } from './openapi/serve.ts';
import { createLogger, type Logger } from './log.ts';

export const JSON_BODY_LIMIT = 64 * 1024;
export const UPLOAD_BODY_LIMIT = 3 * 1024 * 1024;

/** Bodies up to this size are read and discarded before answering 413, so the client finishes
 *  sending and can read the answer on a connection that stays usable. */
const DRAIN_LIMIT = 32 * 1024 * 1024;

const tooLarge = (close = false) =>
  new Response(JSON.stringify({ error: 'payload_too_large', error_description: 'The request body is too large.' }), {
    status: 413,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      ...(close ? { Connection: 'close' } : {}),
    },
  });

async function drain(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done } = await reader.read();
      if (done) return;
    }
  } catch {
    /* client went away */
  }
}

export interface AppDeps {
  db: Db;
  config: Config;
  /** Request and error lines (default: a logger at config.logLevel on stdout). */
  logger?: Logger;
  /** main.ts's: draining on SIGTERM (default: never draining). */
  lifecycle?: Lifecycle;
}

export function createApp({ db, config, logger = createLogger(config.logLevel), lifecycle = newLifecycle() }: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const files = fileStoreFor(db);

  app.use('*', noteRoute);
  const headers = securityHeaders(config.publicUrl);
  app.use('*', headers.middleware);
  // Per-request context, and: a NUL byte anywhere in the URL can only be an attack or a bug, and
  // PostgreSQL rejects it. One middleware, two indexOf calls (this runs on every request).
  app.use('*', (c, next) => {
    const url = c.req.url;
    if (url.indexOf('%00') !== -1 || url.indexOf('\u0000') !== -1) {
      throw new HttpError(400, 'invalid_request', 'The request contains a NUL character.');
    }
    c.set('db', db);
    c.set('config', config);
    c.set('files', files);
    c.set('auth', null);
    return next();
  });

  // Streams without a Content-Length are cut off by hono's bodyLimit (then the connection closes).
  const uploadLimit = bodyLimit({ maxSize: UPLOAD_BODY_LIMIT, onError: () => tooLarge(true) });
  const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: () => tooLarge(true) });
  const limits: Parameters<typeof app.use>[1] = async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const upload = /\/files\/?$/.test(c.req.path);
    const max = upload ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT;
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > max) {
      if (declared > DRAIN_LIMIT) return tooLarge(true);
      await drain(c.req.raw.body);
      return tooLarge();
    }
    return upload ? uploadLimit(c, next) : jsonLimit(c, next);
  };
  app.use('/api/*', limits);
  app.use('/oauth/*', limits);
  app.use('/sandbox/*', limits);
  app.use('/partner/*', limits);
  app.use('/operator/*', limits);
  const perClient = rateLimits(db, config);
  app.use('/api/*', perClient);
  app.use('/oauth/*', perClient);

  const api = new Hono<AppEnv>();
  api.route('/', walletRoutes());
  api.route('/', walletBalanceRoutes());
  api.route('/', orderRoutes());
  api.route('/', catalogueRoutes());
  api.route('/', userRoutes());
  api.route('/', fileRoutes());
  api.route('/', projectRoutes());
  api.route('/', tripRoutes());
  api.route('/', readyRoutes(lifecycle));
  api.route('/', privacyRoutes());
  api.route('/', dataExportRoutes());
  api.route('/', notificationRoutes());
  app.route('/api/v1.0', api);
  app.route('/api/v1', api);
  app.route('/oauth/v2', tokenRoutes());
  // The demo partner shop posts its conversions through this app, as a network's request arrives.
  app.route('/sandbox', sandboxRoutes((req) => app.fetch(req)));
  app.route('/partner', partnerRoutes());
  app.route('/operator/v1', operatorRoutes());
  app.route('/media', mediaRoutes());

  app.get('/metrics', metricsHandler(db, config));
  app.route('/', openApiRoutes());

  const reserved = /^\/(api|oauth|media|sandbox|metrics|partner|operator)(\/|$)/;
  const serveStatic = staticApp(config.distDir, headers.cspAllowing);
  const methodsOf = routedMethods(app);
  const notFoundJson = (c: Context<AppEnv>) =>
    methodNotAllowed(c, methodsOf(c.req.path)) ?? c.json({ error: 'not_found', error_description: 'No such resource.' }, 404);
  app.on(['GET', 'HEAD'], '*', async (c) => {
    if (reserved.test(c.req.path)) return notFoundJson(c);
    return serveStatic(c);
  });

  // Cached catalogue pages are answered before the app (its rules in routes/catalogue-fast-path.ts); app.request()
  // goes through app.fetch too.
  const cachedPage = cachedListPages(db, headers.setOnNode);
  const viaApp = app.fetch;
  const withFastPath: typeof app.fetch = (req, env, ctx) => cachedPage(req, env) ?? viaApp(req, env, ctx);
  app.fetch = withRequestLog(withFastPath, { logger, lifecycle, routeOf: fastPathRoute }) as typeof app.fetch;

  app.notFound((c) => notFoundJson(c));

  app.onError((err, c) => {
    err = toHttpError(err);
    if (err instanceof HttpError) {
      if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      return c.json(err.body(), err.status as 400);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      if (status === 413) return tooLarge(true);
      if (status < 500) {
        return c.json({ error: 'invalid_request', error_description: err.message || 'The request is not valid.' }, status);
      }
    }
    const e = err instanceof Error ? err : new Error(String(err));
    // Name, message and stack only: a database error's detail can quote the values of the row.
    logger.error({ req_id: requestIdOf(c), method: c.req.method, err: { type: e.name, message: e.message, stack: e.stack } }, 'request failed');
    return c.json({ error: 'internal_server_error', error_description: 'Something went wrong. Please try again later.' }, 500);
  });

  return app;
}
