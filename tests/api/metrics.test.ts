/**
 * GET /metrics (Prometheus text): request counts and latency per route pattern and status, outbox
 * writes, payments and gift cards, rate-limit refusals and job runs, scraped after a known number of
 * requests (the counters are per process and shared by the apps of this test process: deltas).
 * Not public: loopback only, or with METRICS_TOKEN.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { createApp } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import { startRetention } from '../../server/jobs/retention.ts';
import { useServer } from './support/harness.ts';
import { makeClient } from './support/client.ts';
import { expectError } from './support/shapes.ts';
import { serveHandler } from './support/server.ts';

const t = useServer();
const others: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(others.map((s) => s.close())));

async function serve(patch: Partial<Config>) {
  const s = await serveHandler(createApp({ db: t.server.db, config: { ...t.server.config, ...patch } }).fetch);
  others.push(s);
  return s.baseUrl;
}

async function scrape(): Promise<string> {
  const r = await t.anon.get(`${t.baseUrl}/metrics`);
  expect(r.status, r.text.slice(0, 200)).toBe(200);
  expect(r.headers.get('content-type')).toContain('text/plain');
  return r.text;
}

/** The value of one series (0 when absent). */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',').filter(Boolean);
    if (want.every((w) => have.includes(w)) && have.length === want.length) return Number(m[3]);
  }
  return 0;
}

const HEALTH = { method: 'GET', route: '/api/v1.0/health', status: '200' };

describe('GET /metrics', () => {
  test('counts requests and their latency per route pattern and status', async () => {
    const before = await scrape();
    for (let i = 0; i < 7; i++) expect((await t.anon.get('/health')).status).toBe(200);
    await t.anon.get('/no-such-call');
    const after = await scrape();
    expect(value(after, 'socialpay_http_requests_total', HEALTH) - value(before, 'socialpay_http_requests_total', HEALTH)).toBe(7);
    expect(value(after, 'socialpay_http_request_duration_seconds_count', HEALTH) - value(before, 'socialpay_http_request_duration_seconds_count', HEALTH)).toBe(7);
    const bucket = { ...HEALTH, le: '+Inf' };
    expect(value(after, 'socialpay_http_request_duration_seconds_bucket', bucket) - value(before, 'socialpay_http_request_duration_seconds_bucket', bucket)).toBe(7);
    // Unknown paths are all the catch-all's (one series, not one per path a scanner tries).
    const missing = { method: 'GET', route: '/*', status: '404' };
    expect(value(after, 'socialpay_http_requests_total', missing) - value(before, 'socialpay_http_requests_total', missing)).toBe(1);
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  test('counts outbox writes (applied ones only), payments and gift cards issued', async () => {
    const u = await t.signUp();
    const before = await scrape();
    expect((await u.api.post('/corporate-partners/5/favorite')).status).toBe(200);
    expect((await u.api.delete('/corporate-partners/5/favorite')).status).toBe(200);
    expect((await u.api.post('/corporate-partners/999999/favorite')).status).toBe(404);
    const pay = await u.api.post('/corporate-partners/5/pay', { amount: 20 });
    expect(pay.status).toBe(201);
    const page = await t.anon.get(pay.body.payment_url);
    const action = /action="([^"]+\/pay)"/.exec(page.text)![1];
    await t.anon.post(action, undefined, { raw: '', contentType: 'application/x-www-form-urlencoded' });
    await t.anon.post(action, undefined, { raw: '', contentType: 'application/x-www-form-urlencoded' }); // paid once
    const after = await scrape();
    const d = (name: string, labels?: Record<string, string>) => value(after, name, labels) - value(before, name, labels);
    expect(d('socialpay_outbox_writes_total', { kind: 'favorite' })).toBe(2);
    expect(d('socialpay_payments_total')).toBe(1);
    expect(d('socialpay_gift_cards_issued_total')).toBe(1);
  });

  test('counts rate-limit refusals by limit, and job runs by job', async () => {
    const limited = makeClient(await serve({ rateLimits: { ...t.server.config.rateLimits, resetPassword: { points: 1, seconds: 3600 } } }), null);
    const before = await scrape();
    expect((await limited.post('/reset-password/x%40example.test', {})).status).toBe(200);
    expectError(await limited.post('/reset-password/x%40example.test', {}), 429, 'too_many_requests');
    const stop = await startRetention(t.server.db, t.server.config);
    stop();
    const after = await scrape();
    expect(value(after, 'socialpay_rate_limit_refusals_total', { limit: 'resetPassword' }) - value(before, 'socialpay_rate_limit_refusals_total', { limit: 'resetPassword' })).toBe(1);
    const job = { job: 'retention_purge', outcome: 'ok' };
    expect(value(after, 'socialpay_job_runs_total', job) - value(before, 'socialpay_job_runs_total', job)).toBe(1);
  });

  test('not public: a forwarded non-loopback client gets 403; with METRICS_TOKEN, 401 unless it is sent', async () => {
    const proxied = await serve({ trustProxy: 1 });
    const far = { 'X-Forwarded-For': '203.0.113.7' };
    expectError(await makeClient(proxied, null).get(`${proxied}/metrics`, { headers: far }), 403, 'forbidden');
    expect((await makeClient(proxied, null).get(`${proxied}/metrics`, { headers: { 'X-Forwarded-For': '127.0.0.1' } })).status).toBe(200);

    const token = 'metrics-token-0123456789abcdef';
    const guarded = await serve({ trustProxy: 1, metricsToken: token });
    expectError(await makeClient(guarded, null).get(`${guarded}/metrics`, { headers: far }), 401, 'unauthorized');
    expectError(await makeClient(guarded, 'not-the-metrics-token-xx').get(`${guarded}/metrics`, { headers: far }), 401, 'unauthorized');
    const ok = await makeClient(guarded, token).get(`${guarded}/metrics`, { headers: far });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('socialpay_http_requests_total');
  });
});
