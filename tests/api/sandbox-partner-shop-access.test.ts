/**
 * The sandbox's demo partner shop signs conversions for anyone who opens it, so it exists only for
 * the demo: the network `demo` the only one (no PARTNER_SECRETS) and the demo data on. In a
 * deployment (PARTNER_SECRETS set, or DEMO_USERS=0) every address of it is the JSON 404 of an
 * address that does not exist, and nothing is posted to the partner route.
 */
import { describe, expect, test } from 'vitest';
import { useServer } from './support/harness.ts';

const form = { raw: new URLSearchParams({ click_ref: 'x'.repeat(32), amount: '9000' }).toString(), contentType: 'application/x-www-form-urlencoded' };

for (const [name, env] of [
  ['PARTNER_SECRETS set', { PARTNER_SECRETS: 'demo:0123456789abcdef0123,awin:fedcba9876543210fedc' }],
  ['DEMO_USERS=0', { DEMO_USERS: '0' }],
] as const) {
  describe(`${name}: no partner shop`, () => {
    const t = useServer({ env });
    test('its pages and forms are 404 not_found; the payment sandbox stays', async () => {
      const before = (await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM partner_conversions')).rows[0].n;
      for (const r of [
        await t.anon.get('/sandbox/partner-shop/4?ref=socialpay&clickref=abc'),
        await t.anon.post('/sandbox/partner-shop/4/order?lang=en', undefined, form),
        await t.anon.post('/sandbox/partner-shop/4/orders/demo-AAAAAAAAAAAAAAAA/approved', undefined, form),
      ]) {
        expect(r.status, r.text).toBe(404);
        expect(r.body).toEqual({ error: 'not_found', error_description: expect.any(String) });
      }
      expect((await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM partner_conversions')).rows[0].n).toBe(before);
      // The payment provider's sandbox is not the shop's: an unknown payment is its own 404 page.
      expect((await t.anon.get('/sandbox/pay/AAAAAAAAAAAAAAAA')).headers.get('content-type')).toMatch(/^text\/html/);
    });
  });
}

describe('the demo (defaults): the shop is there', () => {
  const t = useServer();
  test('a demo brand\'s shop page answers', async () => {
    expect((await t.anon.get('/sandbox/partner-shop/4?ref=socialpay')).status).toBe(200);
  });
});
