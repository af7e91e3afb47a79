/** Strict-Transport-Security is sent when the public URL is https (a plain-http server never sends it: see security-headers.test.ts). */
import { describe, expect, test } from 'vitest';
import { useServer } from './support/harness.ts';

const t = useServer({ env: { PUBLIC_URL: 'https://app.socialpay.example' } });

describe('HSTS behind an https public URL', () => {
  test('API answers, errors, the token endpoint, media and sandbox pages all carry it', async () => {
    const responses = [
      await t.anon.get('/health'),
      await t.anon.get('/wallet/me'),
      await t.anon.get('/no-such-thing'),
      await t.token({ grant_type: 'client_credentials' }),
      await t.anon.get('/media/brands/1/logo.svg'),
      await t.anon.get('/sandbox/pay/unknown-token-123456'),
    ];
    for (const r of responses) {
      const hsts = r.headers.get('strict-transport-security') ?? '';
      expect(hsts, `${r.status} ${r.text.slice(0, 80)}`).toMatch(/^max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(hsts)![1])).toBeGreaterThanOrEqual(15_552_000);
    }
  });
});
