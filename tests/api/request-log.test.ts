/**
 * Structured request logs: one JSON line per request with method, route pattern, status, duration,
 * request id and user id; X-Request-Id taken from the proxy when short and safe, else generated, and
 * returned on every answer; errors logged with the request id; no password, token or email anywhere.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/log.ts';
import type { Db } from '../../server/db/open.ts';
import { NL_COUNTRY_ID, useServer } from './support/harness.ts';
import { makeClient, type Client } from './support/client.ts';
import { serveHandler } from './support/server.ts';

const t = useServer();
const lines: string[] = [];
const logger = createLogger('info', { write: (s: string) => void lines.push(s) });
let server: { baseUrl: string; close(): Promise<void> };
let anon: Client;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  server = await serveHandler(createApp({ db: t.server.db, config: t.server.config, logger }).fetch);
  anon = makeClient(server.baseUrl, null);
});
afterAll(() => server?.close());

const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
const lineOf = (id: string) => entries().filter((e) => e.req_id === id);

describe('request log lines', () => {
  test('one line per request with its fields; the proxy id comes back; no secret reaches the log', async () => {
    const email = `log.${Date.now()}@example.test`;
    const password = 'Log-secret-Pa55!';
    const visitor = makeClient(server.baseUrl, await t.visitorToken());
    const body = { first_name: 'Log', last_name: 'Test', email, password, password_confirmation: password, country_id: NL_COUNTRY_ID, currency: 'EUR' };
    const signUp = await visitor.post('/application-users', body);
    expect(signUp.status, signUp.text).toBe(201);
    const tok = await anon.post('/oauth/v2/token', { grant_type: 'password', username: email, password, client_id: 'web', scope: 'ios' });
    expect(tok.status, tok.text).toBe(200);
    const me = await makeClient(server.baseUrl, tok.body.access_token).get('/application-users/me', { headers: { 'X-Request-Id': 'proxy-7f3a.b:9' } });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-request-id')).toBe('proxy-7f3a.b:9');
    await anon.post(`/reset-password/${encodeURIComponent(email)}`, {});

    const mine = lineOf('proxy-7f3a.b:9');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      route: '/api/v1.0/application-users/me',
      status: 200,
      user_id: me.body.id,
    });
    expect(typeof mine[0].ms).toBe('number');
    expect(mine[0].ms as number).toBeGreaterThanOrEqual(0);
    // The reset-password call is logged by its pattern, not its path (which holds the email).
    expect(entries().some((e) => e.route === '/api/v1.0/reset-password/:email')).toBe(true);

    const all = lines.join('');
    for (const secret of [password, email, encodeURIComponent(email), tok.body.access_token, tok.body.refresh_token]) {
      expect(all).not.toContain(secret);
    }
  });

  test('an unsafe or overlong X-Request-Id is replaced by a generated one; none sent: generated', async () => {
    for (const bad of ['has space', 'a'.repeat(65), '<script>', 'x"y']) {
      const r = await anon.get('/health', { headers: { 'X-Request-Id': bad } });
      const id = r.headers.get('x-request-id')!;
      expect(id).toMatch(UUID);
      expect(lineOf(id)).toHaveLength(1);
    }
    const r = await anon.get('/health');
    expect(r.headers.get('x-request-id')).toMatch(UUID);
    expect(lineOf(r.headers.get('x-request-id')!)[0]).toMatchObject({ route: '/api/v1.0/health', status: 200, user_id: null });
  });

  test('a failing request logs an error line with its request id, and the answer carries the id', async () => {
    const failing: Db = { ...t.server.db, query: () => Promise.reject(new Error('connection reset')) };
    const broken = await serveHandler(createApp({ db: failing, config: t.server.config, logger }).fetch);
    try {
      const token = await t.userToken();
      const r = await makeClient(broken.baseUrl, token).get('/wallet/me', { headers: { 'X-Request-Id': 'err-1' } });
      expect(r.status).toBe(500);
      expect(r.headers.get('x-request-id')).toBe('err-1');
      const logged = lineOf('err-1');
      expect(logged.find((e) => e.level === 50)).toMatchObject({ msg: 'request failed', err: { message: 'connection reset' } });
      expect(logged.find((e) => e.msg === 'request')).toMatchObject({ status: 500 });
    } finally {
      await broken.close();
    }
  });

  test('cached catalogue pages (answered before the app) are logged with their route pattern too', async () => {
    await anon.get('/site/corporate-partners/all');
    const r = await anon.get('/site/corporate-partners/all', { headers: { 'X-Request-Id': 'fast-1' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe('fast-1');
    expect(lineOf('fast-1')[0]).toMatchObject({ route: '/api/v1.0/site/corporate-partners/:category', status: 200 });
  });
});
