/**
 * A push service on localhost for the tests: a plain HTTP server that records every message posted
 * to it and answers each path with the status a test chose (201 by default). A subscription is a
 * browser's, made here: a P-256 key pair and an auth secret, so a test can DECRYPT what the server
 * sent (RFC 8291 aes128gcm, through http_ece) and read what the user would see.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { decrypt } from 'http_ece';

export interface PushMessage {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** What the service answered (0: nothing, the path hangs). */
  status: number;
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The messages this subscription received, decrypted and parsed. */
  received(): Record<string, unknown>[];
  ecdh: ECDH;
}

export interface PushService {
  base: string;
  messages: PushMessage[];
  /** The status each path answers (default 201); 0: never answers (a push service that hangs). */
  answer(path: string, status: number): void;
  /** Milliseconds each answer waits (a slow push service widens the window two senders could race in). */
  delayMs: number;
  subscription(name: string): TestSubscription;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const messages: PushMessage[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = statuses.get(path) ?? 201;
      messages.push({ path, headers: req.headers, body: Buffer.concat(chunks), status });
      if (status === 0) return;
      setTimeout(() => res.writeHead(status).end(), service.delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service: PushService = {
    delayMs: 0,
    base,
    messages,
    answer: (path, status) => statuses.set(path, status),
    subscription(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const path = `/push/${name}`;
      return {
        endpoint: `${base}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        ecdh,
        received: () =>
          messages
            .filter((m) => m.path === path && m.status >= 200 && m.status < 300)
            .map((m) => JSON.parse(decrypt(m.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')) as Record<string, unknown>),
      };
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections(); // the hanging ones
      }),
  };
  return service;
}
