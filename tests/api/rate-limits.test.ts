/**
 * Per-client rate limits on the unauthenticated writes (token endpoint, sign-up, forgot-password,
 * tracking): 429 in the error shape with Retry-After, counted per client IP in the database (so a
 * second server on the same database sees the same count), X-Forwarded-For only with TRUST_PROXY.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { describe, expect, test } from 'vitest';
import { createApp } from '../../server/app.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { NL_COUNTRY_ID, uniqueEmail, useServer } from './support/harness.ts';
import { makeClient, type Res } from './support/client.ts';
import { expectError } from './support/shapes.ts';

const LIMITS = { RATE_LIMIT_TOKEN: '4/60', RATE_LIMIT_SIGNUP: '2/3600', RATE_LIMIT_RESET_PASSWORD: '2/3600', RATE_LIMIT_TRACKING: '3/60' };
const t = useServer({ env: LIMITS });
const proxied = useServer({ env: { ...LIMITS, TRUST_PROXY: '1' } });

function expectLimited(r: Res) {
  const e = expectError(r, 429, 'too_many_requests');
  expect(e.error_description.length).toBeGreaterThan(10);
  const retry = Number(r.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(0);
  return retry;
}

const signUpBody = () => ({
  first_name: 'Rate',
  last_name: 'Limit',
  email: uniqueEmail('rl'),
  password: 'Sup3r-secret!',
  password_confirmation: 'Sup3r-secret!',
  country_id: NL_COUNTRY_ID,
});

describe('rate limits per client', () => {
  test('token endpoint: every grant counts; over the limit → 429 with Retry-After, even for the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await t.token({ grant_type: 'client_credentials' })).status).toBe(200);
    expectError(await t.token({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(43) }), 400, 'invalid_grant');
    const retry = expectLimited(await t.token({ grant_type: 'client_credentials' }));
    expect(retry).toBeLessThanOrEqual(60);
    expectLimited(await t.token({ grant_type: 'password', username: 'demo@socialpay.test', password: 'demo-pass-2026' }));
    // Other calls are not limited.
    expect((await t.anon.get('/health')).status).toBe(200);
  });

  test('sign-up, forgot-password and tracking each have their own budget', async () => {
    for (let i = 0; i < 2; i++) expect((await t.anon.post('/application-users', signUpBody())).status).toBe(201);
    expectLimited(await t.anon.post('/application-users', signUpBody()));
    for (let i = 0; i < 2; i++) expect((await t.anon.post('/reset-password/someone%40example.test')).status).toBe(200);
    expectLimited(await t.anon.post('/reset-password/someone%40example.test', undefined, { prefix: '/api/v1' }));
    for (let i = 0; i < 3; i++) expect((await t.anon.post('/tracking/screen-visit', { screen: 'Menu' })).status).toBe(204);
    expectLimited(await t.anon.post('/tracking/screen-visit', { screen: 'Menu' }));
  });

  test('the count lives in the database: a second server on the same database refuses too', async () => {
    const app = createApp({ db: t.server.db, config: t.server.config });
    const second = await new Promise<{ server: ServerType; port: number }>((resolve) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server, port: info.port }));
    });
    try {
      expectLimited(await makeClient(`http://127.0.0.1:${second.port}`).post('/oauth/v2/token', { grant_type: 'client_credentials' }));
    } finally {
      await new Promise<void>((r) => second.server.close(() => r()));
    }
  });

  test('without TRUST_PROXY a forged X-Forwarded-For buys no extra budget', async () => {
    const forged = makeClient(t.baseUrl, null, { headers: { 'X-Forwarded-For': '203.0.113.7' } });
    expectLimited(await forged.post('/oauth/v2/token', { grant_type: 'client_credentials' }));
  });
});

describe('behind a proxy (TRUST_PROXY=1): the client is the address the proxy saw', () => {
  test('each forwarded client has its own budget', async () => {
    const a = makeClient(proxied.baseUrl, null, { headers: { 'X-Forwarded-For': '198.51.100.1' } });
    const b = makeClient(proxied.baseUrl, null, { headers: { 'X-Forwarded-For': 'spoofed, 198.51.100.2' } });
    for (let i = 0; i < 4; i++) expect((await a.post('/oauth/v2/token', { grant_type: 'client_credentials' })).status).toBe(200);
    expectLimited(await a.post('/oauth/v2/token', { grant_type: 'client_credentials' }));
    // b's left-most entry is whatever the client wrote; the proxy's own entry (right-most) counts.
    expect((await b.post('/oauth/v2/token', { grant_type: 'client_credentials' })).status).toBe(200);
    const c = makeClient(proxied.baseUrl, null, { headers: { 'X-Forwarded-For': '198.51.100.1, 198.51.100.3' } });
    expect((await c.post('/oauth/v2/token', { grant_type: 'client_credentials' })).status).toBe(200);
  });
});

describe('configuration', () => {
  test('defaults are on, "0" switches a limit off, and a malformed value stops the server with its name', () => {
    const d = loadConfig({});
    expect(d.rateLimits.token).toEqual({ points: expect.any(Number), seconds: expect.any(Number) });
    expect(d.trustProxy).toBe(0);
    expect(loadConfig({ RATE_LIMIT_TRACKING: '0' }).rateLimits.tracking).toBeNull();
    expect(loadConfig({ RATE_LIMIT_SIGNUP: '5/600' }).rateLimits.signUp).toEqual({ points: 5, seconds: 600 });
    for (const [name, value] of [
      ['RATE_LIMIT_TOKEN', 'lots'],
      ['RATE_LIMIT_SIGNUP', '5/0'],
      ['RATE_LIMIT_TRACKING', '-1/60'],
      ['TRUST_PROXY', 'yes'],
    ]) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });
});

