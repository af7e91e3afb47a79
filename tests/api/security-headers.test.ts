/** The security floor's headers on every kind of response. */
import { describe, expect, test } from 'vitest';
import { useServer } from './support/harness.ts';

const t = useServer();

function expectSecurityHeaders(h: Headers, label: string) {
  const csp = h.get('content-security-policy') ?? '';
  expect(csp, label).not.toBe('');
  const script = /script-src ([^;]+)/.exec(csp)?.[1] ?? /default-src ([^;]+)/.exec(csp)?.[1] ?? '';
  expect(script, `${label}: script-src`).not.toContain('unsafe-inline');
  expect(script, `${label}: script-src`).not.toContain('unsafe-eval');
  expect(script, `${label}: script-src`).not.toMatch(/https?:|\*/);
  expect(h.get('x-content-type-options'), label).toBe('nosniff');
  expect(h.get('referrer-policy'), label).toMatch(/^(no-referrer|strict-origin|strict-origin-when-cross-origin|same-origin)$/);
  expect(h.get('x-frame-options') ?? (csp.includes('frame-ancestors') ? 'csp' : null), label).not.toBeNull();
}

describe('security headers', () => {
  test('API JSON, errors, token endpoint, media and sandbox pages', async () => {
    const u = await t.signUp();
    const responses: [string, Awaited<ReturnType<typeof t.anon.get>>][] = [
      ['health', await t.anon.get('/health')],
      ['user call', await u.api.get('/application-users/me')],
      ['401', await t.anon.get('/wallet/me')],
      ['404', await t.anon.get('/no-such-thing')],
      ['422', await t.anon.post('/application-users', {})],
      ['token', await t.token({ grant_type: 'client_credentials' })],
      ['token error', await t.token({ grant_type: 'nope' })],
      ['media', await t.anon.get('/media/brands/1/logo.svg')],
      ['sandbox', await t.anon.get('/sandbox/pay/unknown-token-123456')],
      ['413', await t.anon.post('/tracking/screen-visit', { screen: 'x'.repeat(100 * 1024) })],
    ];
    for (const [label, r] of responses) expectSecurityHeaders(r.headers, label);
    // This server's public URL is plain http (localhost): HSTS there would be ignored or harmful.
    for (const [label, r] of responses) expect(r.headers.get('strict-transport-security'), label).toBeNull();
  });

  test('pages are not framable, except the fund-signup page by this origin', async () => {
    const r = await t.anon.get('/health');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  test('API responses with user data are not cacheable', async () => {
    const u = await t.signUp();
    for (const path of ['/application-users/me', '/wallet/me', '/user-loyalty-transactions']) {
      const r = await u.api.get(path);
      expect(r.headers.get('cache-control'), path).toContain('no-store');
    }
  });

  test('no header reveals the server stack', async () => {
    const r = await t.anon.get('/health');
    expect(r.headers.get('x-powered-by')).toBeNull();
  });

  test('errors never leak internals (stack traces, SQL)', async () => {
    const r = await t.anon.post('/application-users', { email: "x'--", country_id: 'DROP' });
    expect(r.text).not.toMatch(/at .*\.ts:\d+|SELECT |INSERT |syntax error|stack/i);
  });
});
