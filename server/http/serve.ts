// The app's HTTP server (the server's entry point and the API tests' harness both start it here).
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';

/**
 * Idle keep-alive connections stay open this long: longer than nginx's upstream keepalive_timeout
 * (60 s) and clients' own idle timeouts, so the other side closes first. With Node's default (5 s)
 * the server closes first and races a request the client is just sending on that connection: the
 * client gets ECONNRESET. A drain (SIGTERM) still closes idle connections at once.
 */
export const KEEP_ALIVE_MS = 65_000;

type Fetch = Parameters<typeof serve>[0]['fetch'];

/** Node's parser refusals (before the app sees a request), as the contract's error codes. */
function clientErrorAnswer(code: string | undefined): [number, string, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'request_header_fields_too_large', 'The request headers are too large.'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'payload_too_large', 'The chunk extensions are too large.'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'request_timeout', 'The request took too long to arrive.'];
    default:
      return [400, 'invalid_request', 'The request is not valid HTTP.'];
  }
}

/**
 * Replaces Node's bare answer to a request it cannot parse (an empty 400/431) with one in the
 * contract's error shape. As Node does: nothing is written once a response on this connection has
 * started (its bytes would corrupt it), or on a reset or closed socket; the connection is then closed.
 */
function onClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, error, description] = clientErrorAnswer(err.code);
  const body = JSON.stringify({ error, error_description: description });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ];
  // Destroyed once written (or after 5 s if the peer does not read): the parser cannot go on.
  const timer = setTimeout(() => socket.destroy(), 5_000);
  timer.unref();
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => {
    clearTimeout(timer);
    socket.destroy();
  });
}

export function serveApp(opts: { fetch: Fetch; port: number; hostname?: string }, onListen?: (info: AddressInfo) => void): ServerType {
  const server = serve(opts, onListen);
  const http = server as unknown as { keepAliveTimeout: number; headersTimeout: number };
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  http.headersTimeout = KEEP_ALIVE_MS + 1_000; // above keepAliveTimeout, or the idle wait counts against it
  server.on('clientError', onClientError);
  return server;
}
