/**
 * The user's gift-card orders (additions): GET /orders/me, GET /orders/{id}, POST /orders/{id}/cancel,
 * POST /orders/{id}/resume; wallet items name the order that bought them.
 */
import { describe, expect, test } from 'vitest';
import type { Brand, Order, PayResponse, WalletItem } from '../../server/contract/types.ts';
import { giftCardRewardPoints } from '../../server/contract/gift-card-reward.ts';
import { useServer, type SignedUp } from './support/harness.ts';
import { expectError, expectOk, orderShape, paged, payShape } from './support/shapes.ts';

const t = useServer();

async function pay(u: SignedUp, brandId: number, amount: number, lang: 'en' | 'nl' = 'en'): Promise<PayResponse> {
  return expectOk(await u.api.post(`/corporate-partners/${brandId}/pay`, { amount }, { headers: { 'Accept-Language': lang } }), 201, payShape);
}

/** Submits the sandbox page's form (Pay or Cancel) like the browser does. */
async function submit(paymentUrl: string, action: 'pay' | 'cancel') {
  const page = await t.anon.get(paymentUrl);
  const form = new RegExp(`action="([^"]+/${action})"`).exec(page.text);
  expect(form, page.text.slice(0, 300)).not.toBeNull();
  return t.anon.post(form![1], undefined, { raw: '', contentType: 'application/x-www-form-urlencoded' });
}

const getOrder = async (u: SignedUp, id: number) => expectOk(await u.api.get(`/orders/${id}`), 200, orderShape) as Order;

describe('GET /orders/me and /orders/{id}: purchases and receipts', () => {
  test('paid, cancelled and awaiting payment, newest first, each with its receipt; the card links back', async () => {
    const u = await t.signUp();
    const paid = await pay(u, 5, 25.5);
    await submit(paid.payment_url, 'pay');
    const cancelled = await pay(u, 6, 10);
    await submit(cancelled.payment_url, 'cancel');
    const waiting = await pay(u, 5, 40);

    const list = expectOk(await u.api.get('/orders/me'), 200, paged(orderShape));
    expect(list.metadata).toEqual({ total: 3, limit: 20, offset: 0 });
    expect(list.results.map((o) => [o.id, o.status])).toEqual([
      [waiting.order_id, 'pending'],
      [cancelled.order_id, 'cancelled'],
      [paid.order_id, 'paid'],
    ]);

    const brand = (await u.api.get<Brand>('/corporate-partners/5')).body;
    const receipt = await getOrder(u, paid.order_id);
    expect(receipt).toEqual(list.results[2]);
    expect(receipt).toMatchObject({
      amount: 2550,
      currency: 'EUR',
      corporate_partner: { id: 5, name: brand.name, name_nld: brand.name_nld },
      reward_points: giftCardRewardPoints(brand.giftcard_type, brand.giftcard_percent, 2550),
    });
    expect(receipt.reward_points).toBeGreaterThan(0);
    expect(Date.parse(receipt.settled_at!)).toBeGreaterThanOrEqual(Date.parse(receipt.created_at));

    // The receipt's reward is the one booked in the user's transactions.
    const tx = (await u.api.get('/user-loyalty-transactions', { query: { limit: 50 } })).body.results;
    expect(tx.find((x: { type: { name: string } }) => x.type.name === 'purchase').debit_amount.amount).toBe(receipt.reward_points);

    const wallet = (await u.api.get<WalletItem[]>('/wallet/me')).body;
    expect(wallet).toHaveLength(1);
    expect(wallet[0]).toMatchObject({ id: receipt.wallet_item_id, order_id: paid.order_id, amount: 2550 });

    expect(list.results[1]).toMatchObject({ status: 'cancelled', reward_points: null, wallet_item_id: null, amount: 1000 });
    expect(list.results[1].settled_at).not.toBeNull();
    expect(list.results[0]).toMatchObject({ status: 'pending', reward_points: null, wallet_item_id: null, settled_at: null });

    const page2 = expectOk(await u.api.get('/orders/me', { query: { limit: 1, offset: 1 } }), 200, paged(orderShape));
    expect(page2.results.map((o) => o.id)).toEqual([cancelled.order_id]);
    expect(page2.metadata).toEqual({ total: 3, limit: 1, offset: 1 });
  });

  test('a fixed gift-card reward is at most a tenth of the card: a €1 card does not earn €4', async () => {
    const u = await t.signUp();
    let fixed: Brand | undefined;
    for (let id = 1; id <= 60 && !fixed; id++) {
      const b = (await u.api.get<Brand>(`/corporate-partners/${id}`)).body;
      if (b.giftcard_type === 'fixed' && b.giftcard_percent >= 200) fixed = b;
    }
    if (!fixed) throw new Error('no brand with a fixed gift-card reward of at least €2');
    const small = await pay(u, fixed.id, 1);
    await submit(small.payment_url, 'pay');
    expect((await getOrder(u, small.order_id)).reward_points).toBe(10);
    // From ten times the reward the card earns it in full.
    const full = await pay(u, fixed.id, Math.ceil(fixed.giftcard_percent / 10));
    await submit(full.payment_url, 'pay');
    expect((await getOrder(u, full.order_id)).reward_points).toBe(Math.round(fixed.giftcard_percent));
    const booked = (await u.api.get('/user-loyalty-transactions', { query: { limit: 50 } })).body.results.filter((x: { type: { name: string } }) => x.type.name === 'purchase');
    expect(booked.map((x: { debit_amount: { amount: number } }) => x.debit_amount.amount).sort((a: number, b: number) => a - b)).toEqual([10, Math.round(fixed.giftcard_percent)]);
  });

  test('a new user has none; cards that came another way have order_id null', async () => {
    const u = await t.signUp();
    expect((await u.api.get('/orders/me')).body).toEqual({ results: [], metadata: { total: 0, limit: 20, offset: 0 } });
    const demo = t.api(await t.userToken());
    const cards = (await demo.get<WalletItem[]>('/wallet/me')).body;
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards) expect(c.order_id).toBeNull();
  });

  test('another user\'s order is not found: read, cancel and resume → 404, and it stays pending', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const p = await pay(a, 5, 12);
    expectError(await b.api.get(`/orders/${p.order_id}`), 404, 'not_found');
    expectError(await b.api.post(`/orders/${p.order_id}/cancel`), 404, 'not_found');
    expectError(await b.api.post(`/orders/${p.order_id}/resume`), 404, 'not_found');
    expect((await b.api.get('/orders/me')).body.results).toEqual([]);
    expect((await getOrder(a, p.order_id)).status).toBe('pending');
    // The owner's payment link still works: b's resume did not replace it.
    expect((await t.anon.get(p.payment_url)).status).toBe(200);
  });

  test.each([
    ['letters', 'abc'],
    ['negative', '-1'],
    ['decimal', '1.5'],
    ['too large', '99999999999'],
    ['zero', '0'],
    ['SQL', "1'%20OR%20'1'='1"],
    ['hex', '0x10'],
    ['exponent', '1e3'],
    ['encoded slash', '1%2F2'],
  ])('hostile id (%s) → 404 for read, cancel and resume', async (_l, id) => {
    const u = await t.signUp();
    expectError(await u.api.get(`/orders/${id}`), 404, 'not_found');
    expectError(await u.api.post(`/orders/${id}/cancel`), 404, 'not_found');
    expectError(await u.api.post(`/orders/${id}/resume`), 404, 'not_found');
  });

  test('bad paging → 400 with violations; a large limit is capped at 100', async () => {
    const u = await t.signUp();
    expectError(await u.api.get('/orders/me', { query: { limit: 'abc' } }), 400, 'invalid_request');
    expectError(await u.api.get('/orders/me', { query: { offset: '-1' } }), 400, 'invalid_request');
    expect((await u.api.get('/orders/me', { query: { limit: 5000 } })).body.metadata.limit).toBe(100);
  });
});

describe('POST /orders/{id}/cancel', () => {
  test('cancels an order awaiting payment; cancelling again answers the same cancelled order (idempotent)', async () => {
    const u = await t.signUp();
    const p = await pay(u, 5, 20);
    const first = expectOk(await u.api.post(`/orders/${p.order_id}/cancel`), 200, orderShape);
    expect(first).toMatchObject({ id: p.order_id, status: 'cancelled', wallet_item_id: null, reward_points: null });
    const again = expectOk(await u.api.post(`/orders/${p.order_id}/cancel`), 200, orderShape);
    expect(again).toEqual(first);
    expectError(await u.api.get(`/payment-intent/order-is-ready/${p.order_id}`), 409, 'order_cancelled');
    // The provider's page now says so, and its Pay does nothing.
    const page = await t.anon.get(p.payment_url);
    expect(page.text).toContain('Payment already canceled');
    const token = p.payment_url.split('/').pop();
    await t.anon.post(`/sandbox/pay/${token}/pay`, undefined, { raw: '', contentType: 'application/x-www-form-urlencoded' });
    expect((await u.api.get('/wallet/me')).body).toEqual([]);
  });

  test('a paid order cannot be cancelled (409 order_paid); the card and reward stay', async () => {
    const u = await t.signUp();
    const p = await pay(u, 5, 30);
    await submit(p.payment_url, 'pay');
    const before = await getOrder(u, p.order_id);
    expectError(await u.api.post(`/orders/${p.order_id}/cancel`), 409, 'order_paid');
    expect(await getOrder(u, p.order_id)).toEqual(before);
    expect((await u.api.get('/wallet/me')).body).toHaveLength(1);
  });

  test('cancel and pay at once: one outcome, never a 500; parallel cancels all answer 200', async () => {
    const u = await t.signUp();
    for (let i = 0; i < 3; i++) {
      const p = await pay(u, 5, 10 + i);
      const token = p.payment_url.split('/').pop();
      const [cancel, payPage] = await Promise.all([
        u.api.post(`/orders/${p.order_id}/cancel`),
        t.anon.post(`/sandbox/pay/${token}/pay`, undefined, { raw: '', contentType: 'application/x-www-form-urlencoded' }),
      ]);
      expect(payPage.status).toBe(303);
      const o = await getOrder(u, p.order_id);
      if (o.status === 'paid') {
        expectError(cancel, 409, 'order_paid');
        expect(o.wallet_item_id).not.toBeNull();
      } else {
        expect(cancel.status).toBe(200);
        expect(o).toMatchObject({ status: 'cancelled', wallet_item_id: null });
      }
    }
    const orders = (await u.api.get<{ results: Order[] }>('/orders/me')).body.results;
    const cards = (await u.api.get<WalletItem[]>('/wallet/me')).body;
    expect(cards.map((c) => c.order_id).sort()).toEqual(orders.filter((o) => o.status === 'paid').map((o) => o.id).sort());

    const q = await pay(u, 6, 5);
    const all = await Promise.all(Array.from({ length: 5 }, () => u.api.post(`/orders/${q.order_id}/cancel`)));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('POST /orders/{id}/resume', () => {
  test('a new payment link in the caller\'s language; the old one stops working; paying it settles the order', async () => {
    const u = await t.signUp();
    const p = await pay(u, 5, 25.5, 'en');
    const r = expectOk(await u.api.post(`/orders/${p.order_id}/resume`, undefined, { headers: { 'Accept-Language': 'nl' } }), 200, payShape);
    expect(r.order_id).toBe(p.order_id);
    expect(new URL(r.payment_url).origin).toBe(t.baseUrl);
    expect(r.payment_url).not.toBe(p.payment_url);
    expect((await t.anon.get(p.payment_url)).status).toBe(404);
    const page = await t.anon.get(r.payment_url);
    expect(page.text).toContain('<html lang="nl">');
    expect(page.text).toContain(`Bestelling #${p.order_id}`);
    expect(page.text).toMatch(/€\s25,50/);
    const done = await submit(r.payment_url, 'pay');
    expect(done.headers.get('location')).toBe(`${t.baseUrl}/#/nl/wallet?orderId=${p.order_id}`);
    expect((await getOrder(u, p.order_id)).status).toBe('paid');
  });

  test('a paid order → 409 order_paid; a cancelled one → 409 order_cancelled; nothing changes', async () => {
    const u = await t.signUp();
    const paid = await pay(u, 5, 15);
    await submit(paid.payment_url, 'pay');
    expectError(await u.api.post(`/orders/${paid.order_id}/resume`), 409, 'order_paid');
    const cancelled = await pay(u, 5, 16);
    await u.api.post(`/orders/${cancelled.order_id}/cancel`);
    expectError(await u.api.post(`/orders/${cancelled.order_id}/resume`), 409, 'order_cancelled');
    expect((await t.anon.get(cancelled.payment_url)).text).toContain('Payment already canceled');
  });
});
