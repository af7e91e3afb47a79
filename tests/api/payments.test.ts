/**
 * Gift-card payment: POST /corporate-partners/{id}/pay → the sandbox provider's page
 * (/sandbox/pay/{token}) with Pay and Cancel → GET /payment-intent/order-is-ready/{orderId}.
 */
import { describe, expect, test } from 'vitest';
import type { PayResponse, WalletItem } from '../../server/contract/types.ts';
import { barcodeValueProblem } from '../../server/contract/barcode.ts';
import { useServer, type SignedUp } from './support/harness.ts';
import { expectError, expectOk, orderStatusShape, payShape, walletItemShape } from './support/shapes.ts';

const t = useServer();

async function pay(u: SignedUp, brandId = 5, amount: number = 25): Promise<PayResponse> {
  return expectOk(await u.api.post(`/corporate-partners/${brandId}/pay`, { amount }), 201, payShape);
}

/** Submits the sandbox page's form (Pay or Cancel) like the browser does. */
async function submit(paymentUrl: string, action: 'pay' | 'cancel') {
  const page = await t.anon.get(paymentUrl);
  const form = new RegExp(`action="([^"]+/${action})"`).exec(page.text);
  expect(form, page.text.slice(0, 300)).not.toBeNull();
  return t.anon.post(form![1], undefined, { raw: '', contentType: 'application/x-www-form-urlencoded' });
}

describe('POST /corporate-partners/{id}/pay', () => {
  test('201 with payment_url on the sandbox provider (this server\'s public URL) and an order id', async () => {
    const u = await t.signUp();
    const p = await pay(u, 5, 25.5);
    const url = new URL(p.payment_url);
    expect(url.origin).toBe(t.baseUrl);
    expect(url.pathname).toMatch(/^\/sandbox\/pay\/[A-Za-z0-9_-]+$/);
    const page = await t.anon.get(p.payment_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toMatch(/25[.,]50/);
    expect(page.text).toContain('Pay');
    expect(page.text).toContain('Cancel');
    expect(page.text).not.toMatch(/<script/i);
  });

  test('return URLs come from the server, never from the request', async () => {
    const u = await t.signUp();
    const r = await u.api.post('/corporate-partners/5/pay', { amount: 10, return_url: 'https://evil.example/steal', redirect_url: 'https://evil.example' }, {
      headers: { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', Referer: 'https://evil.example/' },
    });
    const p = expectOk(r, 201, payShape);
    expect(p.payment_url).not.toContain('evil');
    const done = await submit(p.payment_url, 'pay');
    expect(done.headers.get('location') ?? '').not.toContain('evil');
  });

  test.each([
    ['zero', { amount: 0 }],
    ['negative', { amount: -5 }],
    ['above 500', { amount: 500.01 }],
    ['three decimals', { amount: 10.001 }],
    ['1e-9 (rounds to 0 cents)', { amount: 1e-9 }],
    ['one cent', { amount: 0.01 }],
    ['50 cents', { amount: 0.5 }],
    ['0.999', { amount: 0.999 }],
    ['1.005 (three decimals)', { amount: 1.005 }],
    ['a string', { amount: '25' }],
    ['missing', {}],
    ['null', { amount: null }],
    ['an object', { amount: { value: 5 } }],
  ])('amount %s → 422 with a violation on amount; no order', async (_l, body) => {
    const u = await t.signUp();
    const e = expectError(await u.api.post('/corporate-partners/5/pay', body), 422);
    expect(e.violations?.map((v) => v.property_path)).toContain('amount');
    expect(e.violations?.find((v) => v.property_path === 'amount')?.message.length).toBeGreaterThan(5);
    const { rows } = await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [u.user.id]);
    expect(rows[0].n).toBe(0);
  });

  test('the smallest and largest amounts are accepted: 1, 1.01 and 500 euros (as cents)', async () => {
    const u = await t.signUp();
    for (const amount of [1, 1.01, 500]) await pay(u, 5, amount);
    const { rows } = await t.server.db.query<{ amount: number }>('SELECT amount FROM orders WHERE user_id = $1 ORDER BY id', [u.user.id]);
    expect(rows.map((r) => r.amount)).toEqual([100, 101, 50000]);
  });

  test('malformed JSON → 400; an unknown brand → 404', async () => {
    const u = await t.signUp();
    expectError(await u.api.post('/corporate-partners/5/pay', undefined, { raw: '{"amount": 1', contentType: 'application/json' }), 400);
    expectError(await u.api.post('/corporate-partners/999999/pay', { amount: 10 }), 404, 'not_found');
  });

  test('no token → 401; visitor → 403', async () => {
    expectError(await t.anon.post('/corporate-partners/5/pay', { amount: 10 }), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).post('/corporate-partners/5/pay', { amount: 10 }), 403, 'forbidden');
  });
});

describe('sandbox Pay and order-is-ready', () => {
  test('pending (202, not ready) before paying; Pay redirects into the app with the orderId; then 200 ready with the wallet card', async () => {
    const u = await t.signUp();
    const p = await pay(u, 5, 40);
    const before = await u.api.get(`/payment-intent/order-is-ready/${p.order_id}`);
    expect(before.status).not.toBe(200);
    expect(before.status).toBe(202);
    expect(before.body).toMatchObject({ ready: false, status: 'pending' });

    const done = await submit(p.payment_url, 'pay');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${t.baseUrl}/#/wallet?orderId=${p.order_id}`);

    const after = expectOk(await u.api.get(`/payment-intent/order-is-ready/${p.order_id}`, { prefix: '/api/v1' }), 200, orderStatusShape);
    expect(after).toMatchObject({ ready: true, status: 'paid' });
    const wallet = await u.api.get<WalletItem[]>('/wallet/me');
    const card = wallet.body.find((w) => w.id === after.wallet_item_id);
    expect(card, JSON.stringify(wallet.body)).toBeDefined();
    expectOk({ ...wallet, body: card }, 200, walletItemShape);
    expect(card).toMatchObject({ amount: 4000, currency: 'EUR', corporate_partner: { id: 5 } });
    expect(barcodeValueProblem(card!.barcode_format, card!.barcode_value)).toBeNull();
  });

  test('paying twice creates one card; the page then says the payment is closed', async () => {
    const u = await t.signUp();
    const p = await pay(u, 6, 15);
    const token = p.payment_url.split('/').pop();
    await submit(p.payment_url, 'pay');
    const second = await t.anon.post(`/sandbox/pay/${token}/pay`, undefined, { raw: '', contentType: 'application/x-www-form-urlencoded' });
    expect(second.status).toBe(303);
    expect((await u.api.get('/wallet/me')).body).toHaveLength(1);
    const page = await t.anon.get(p.payment_url);
    expect(page.text).not.toContain('action=');
  });

  test('paying records a pending purchase reward transaction', async () => {
    const u = await t.signUp();
    const p = await pay(u, 5, 100);
    await submit(p.payment_url, 'pay');
    const tx = await u.api.get('/user-loyalty-transactions', { query: { limit: 50 } });
    const purchase = tx.body.results.find((x: { type: { name: string } }) => x.type.name === 'purchase');
    expect(purchase).toBeDefined();
    expect(purchase.external_transaction).toMatchObject({ amount: { amount: 10000, currency: 'EUR' }, state: { name: 'Pending' } });
  });

  test('Cancel: redirect with status=cancelled; order-is-ready answers 409 order_cancelled; no card; Pay afterwards does nothing', async () => {
    const u = await t.signUp();
    const p = await pay(u, 5, 20);
    const done = await submit(p.payment_url, 'cancel');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${t.baseUrl}/#/wallet?orderId=${p.order_id}&status=cancelled`);
    expectError(await u.api.get(`/payment-intent/order-is-ready/${p.order_id}`), 409, 'order_cancelled');
    const token = p.payment_url.split('/').pop();
    await t.anon.post(`/sandbox/pay/${token}/pay`, undefined, { raw: '', contentType: 'application/x-www-form-urlencoded' });
    expect((await u.api.get('/wallet/me')).body).toEqual([]);
    expectError(await u.api.get(`/payment-intent/order-is-ready/${p.order_id}`), 409, 'order_cancelled');
  });

  test('another user\'s order is not found (404), paid or not; an unknown order is 404', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const p = await pay(a, 5, 12);
    expectError(await b.api.get(`/payment-intent/order-is-ready/${p.order_id}`), 404, 'not_found');
    await submit(p.payment_url, 'pay');
    expectError(await b.api.get(`/payment-intent/order-is-ready/${p.order_id}`), 404, 'not_found');
    expect((await b.api.get('/wallet/me')).body).toEqual([]);
    expectError(await a.api.get('/payment-intent/order-is-ready/99999999'), 404, 'not_found');
    expectError(await a.api.get('/payment-intent/order-is-ready/abc'), 404, 'not_found');
  });

  test('the language the user pays in: a Dutch caller gets a Dutch sandbox page and returns to the Dutch wallet', async () => {
    const u = await t.signUp();
    const nl = { headers: { 'Accept-Language': 'nl' } };
    const p = expectOk(await u.api.post('/corporate-partners/5/pay', { amount: 25.5 }, nl), 201, payShape);
    const page = await t.anon.get(p.payment_url); // the browser's own Accept-Language does not matter
    expect(page.text).toContain('<html lang="nl">');
    expect(page.text).toContain('Betaal je cadeaukaart van');
    expect(page.text).toMatch(/€\s25,50/);
    expect(page.text).toContain('>Betalen</button>');
    expect(page.text).toContain('>Annuleren</button>');
    expect(page.text).not.toMatch(/>Pay<|>Cancel<|Amount to pay/);
    const done = await submit(p.payment_url, 'pay');
    expect(done.headers.get('location')).toBe(`${t.baseUrl}/#/nl/wallet?orderId=${p.order_id}`);
    // The closed page stays Dutch and links back to the Dutch wallet.
    const closed = await t.anon.get(p.payment_url);
    expect(closed.text).toContain('Betaling is al voltooid');
    expect(closed.text).toContain(`href="${t.baseUrl}/#/nl/wallet?orderId=${p.order_id}"`);

    const c = expectOk(await u.api.post('/corporate-partners/5/pay', { amount: 10 }, nl), 201, payShape);
    const cancelled = await submit(c.payment_url, 'cancel');
    expect(cancelled.headers.get('location')).toBe(`${t.baseUrl}/#/nl/wallet?orderId=${c.order_id}&status=cancelled`);

    // English (no header or 'en') stays unprefixed.
    const e = await pay(u, 5, 25.5);
    const enPage = await t.anon.get(e.payment_url, { headers: { 'Accept-Language': 'nl' } });
    expect(enPage.text).toContain('<html lang="en">');
    expect(enPage.text).toContain('€25.50');
    expect(enPage.text).toContain('>Pay</button>');
  });

  test('a page without an order follows the browser\'s language', async () => {
    const r = await t.anon.get('/sandbox/pay/unknown-token-123456', { headers: { 'Accept-Language': 'nl-NL,nl;q=0.9' } });
    expect(r.status).toBe(404);
    expect(r.text).toContain('Betaling niet gevonden');
  });

  test('order-is-ready: no token → 401; visitor → 403', async () => {
    expectError(await t.anon.get('/payment-intent/order-is-ready/1'), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).get('/payment-intent/order-is-ready/1'), 403, 'forbidden');
  });

  test('unknown or malformed sandbox tokens → 404 page, nothing changes', async () => {
    for (const path of ['/sandbox/pay/unknown-token-123456', '/sandbox/pay/%3Cscript%3E']) {
      const r = await t.anon.get(path);
      expect(r.status).toBe(404);
    }
    const r = await t.anon.post('/sandbox/pay/unknown-token-123456/pay', undefined, { raw: '', contentType: 'application/x-www-form-urlencoded' });
    expect(r.status).toBe(404);
  });
});
