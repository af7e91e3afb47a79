/**
 * A real HTTP server for one test file: the app from server/app.ts on 127.0.0.1 with an
 * ephemeral port, on the file's own copy of the seeded database. restart() closes the server
 * and the database and opens both again on the same data (what a process restart does).
 */
import type { AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { loadConfig, type Config } from '../../../server/config.ts';
import type { Db } from '../../../server/db/open.ts';
import { createApp } from '../../../server/app.ts';
import { serveApp } from '../../../server/http/serve.ts';
import { freshDatabase, type TestDatabase } from './database.ts';

export interface TestServer {
  baseUrl: string;
  config: Config;
  db: Db;
  database: TestDatabase;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Extra environment for loadConfig (DIST_DIR, ACCESS_TOKEN_TTL, ...). */
  env?: Record<string, string>;
  /** PGlite: keep the database in a data directory so restart() reopens it (default: in memory). */
  onDisk?: boolean;
}

type Handler = (req: Request, env: unknown) => Response | Promise<Response>;

function listen(handler: Handler): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    const server = serveApp({ fetch: handler, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    );
    server.once('error', reject);
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    const s = server as unknown as { closeAllConnections?: () => void; close(cb: () => void): void };
    s.close(() => resolve());
    s.closeAllConnections?.();
  });
}

/** Test files make hundreds of token calls and sign-ups from 127.0.0.1: limits stay on, out of reach
 *  (rate-limits.test.ts sets its own). */
export const GENEROUS_LIMITS = {
  RATE_LIMIT_TOKEN: '100000/60',
  RATE_LIMIT_SIGNUP: '100000/60',
  RATE_LIMIT_RESET_PASSWORD: '100000/60',
  RATE_LIMIT_TRACKING: '100000/60',
};

export async function startServer(opts: ServerOptions = {}): Promise<TestServer> {
  const database = await freshDatabase({ onDisk: opts.onDisk });
  let db = await database.open();
  let app: ReturnType<typeof createApp> | null = null;
  // Listen first so the public URL (sandbox return URLs) carries the real port.
  let { server, port } = await listen((req, env) => (app ? app.fetch(req, env) : new Response('starting', { status: 503 })));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Request lines only with API_TEST_DEBUG (request-log.test.ts reads its own logger's lines).
  const config = loadConfig({ PUBLIC_URL: baseUrl, PORT: String(port), LOG_LEVEL: process.env.API_TEST_DEBUG ? 'info' : 'silent', ...GENEROUS_LIMITS, ...opts.env });
  app = createApp({ db, config });

  const ts: TestServer = {
    baseUrl,
    config,
    db,
    database,
    async restart() {
      await closeServer(server);
      await db.close();
      app = null;
      db = await database.open();
      ts.db = db;
      ({ server } = await listenOn(port, (req, env) => (app ? app.fetch(req, env) : new Response('starting', { status: 503 }))));
      app = createApp({ db, config });
    },
    async close() {
      await closeServer(server);
      await db.close().catch(() => {});
      await database.destroy().catch(() => {});
    },
  };
  return ts;
}

function listenOn(port: number, handler: Handler): Promise<{ server: ServerType }> {
  return new Promise((resolve, reject) => {
    const server = serveApp({ fetch: handler, port, hostname: '127.0.0.1' }, () => resolve({ server }));
    server.once('error', reject);
  });
}

/** Serves another app (its own logger, lifecycle or config) on 127.0.0.1 with an ephemeral port. */
export async function serveHandler(handler: Handler): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const { server, port } = await listen(handler);
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}
