// The app's HTTP server (the server's entry point and the API tests' harness both start it here).
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';

/**
 * Idle keep-alive connections stay open this long: longer than nginx's upstream keepalive_timeout
 * (60 s) and clients' own idle timeouts, so the other side closes first. With Node's default (5 s)
 * the server closes first and races a request the client is just sending on that connection: the
 * client gets ECONNRESET. A drain (SIGTERM) still closes idle connections at once.
 */
export const KEEP_ALIVE_MS = 65_000;

type Fetch = Parameters<typeof serve>[0]['fetch'];

export function serveApp(opts: { fetch: Fetch; port: number; hostname?: string }, onListen?: (info: AddressInfo) => void): ServerType {
  const server = serve(opts, onListen);
  const http = server as unknown as { keepAliveTimeout: number; headersTimeout: number };
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  http.headersTimeout = KEEP_ALIVE_MS + 1_000; // above keepAliveTimeout, or the idle wait counts against it
  return server;
}
