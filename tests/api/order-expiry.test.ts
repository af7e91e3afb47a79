/**
 * Unpaid orders expire (ORDER_PAYMENT_TTL): the job cancels orders still pending TTL after their latest
 * payment link, once however often or from however many connections it runs; paid, cancelled and recent
 * orders are left alone; a resumed payment gets a new TTL; an expired order can be neither paid nor resumed.
 */
import { describe, expect, test } from 'vitest';
import type { Order, PayResponse, WalletItem } from '../../server/contract/types.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { expireUnpaidOrders } from '../../server/services/orders.ts';
import { startOrderExpiry } from '../../server/jobs/expire-orders.ts';
import { useServer, type SignedUp } from './support/harness.ts';
import { databaseUrl } from './support/database.ts';
import { expectError, expectOk, orderShape, payShape } from './support/shapes.ts';

const t = useServer();
const TTL = 1800;

async function pay(u: SignedUp, amount: number, lang: 'en' | 'nl' = 'en'): Promise<PayResponse> {
  return expectOk(await u.api.post('/corporate-partners/5/pay', { amount }, { headers: { 'Accept-Language': lang } }), 201, payShape);
}

/** The order's payment link was issued this many minutes ago. */
async function age(orderId: number, minutes: number): Promise<void> {
  await t.server.db.query(`UPDATE orders SET payment_started_at = now() - make_interval(mins => $2::int) WHERE id = $1`, [orderId, minutes]);
}

const order = async (u: SignedUp, id: number) => expectOk(await u.api.get(`/orders/${id}`), 200, orderShape) as Order;
const form = { raw: '', contentType: 'application/x-www-form-urlencoded' };
const tokenOf = (p: PayResponse) => p.payment_url.split('/').pop()!;

describe('unpaid orders expire after ORDER_PAYMENT_TTL', () => {
  test('only pending orders past the TTL are cancelled as expired; paid, cancelled and recent ones stay; a rerun changes nothing', async () => {
    const u = await t.signUp();
    const due = await pay(u, 11);
    const recent = await pay(u, 12);
    const paid = await pay(u, 13);
    await t.anon.post(`/sandbox/pay/${tokenOf(paid)}/pay`, undefined, form);
    const cancelled = await pay(u, 14);
    await u.api.post(`/orders/${cancelled.order_id}/cancel`);
    await age(due.order_id, 31);
    await age(recent.order_id, 29);
    await age(paid.order_id, 600);
    await age(cancelled.order_id, 600);
    const before = { paid: await order(u, paid.order_id), cancelled: await order(u, cancelled.order_id) };

    expect(await expireUnpaidOrders(t.server.db, TTL)).toBe(1);

    const expired = await order(u, due.order_id);
    expect(expired).toMatchObject({ status: 'cancelled', expired: true, wallet_item_id: null, reward_points: null });
    expect(expired.settled_at).not.toBeNull();
    expect(await order(u, recent.order_id)).toMatchObject({ status: 'pending', expired: false, settled_at: null });
    // A paid order is never expired, nor is one the user cancelled.
    expect(await order(u, paid.order_id)).toEqual(before.paid);
    expect(await order(u, cancelled.order_id)).toEqual(before.cancelled);
    expect(before.cancelled.expired).toBe(false);

    expect(await expireUnpaidOrders(t.server.db, TTL)).toBe(0);
    expect(await order(u, due.order_id)).toEqual(expired);
  });

  test('runs at once from several connections: each order expires exactly once', async () => {
    const u = await t.signUp();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const p = await pay(u, 20 + i);
      await age(p.order_id, 45);
      ids.push(p.order_id);
    }
    // PostgreSQL: a second pool, as a second server process would have; PGlite has one connection.
    const other = databaseUrl ? await t.server.database.open() : t.server.db;
    try {
      const counts = await Promise.all([t.server.db, other, t.server.db, other].map((db) => expireUnpaidOrders(db, TTL)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
    } finally {
      if (other !== t.server.db) await other.close();
    }
    const { rows } = await t.server.db.query<{ status: string; expired: boolean }>('SELECT status, expired FROM orders WHERE id = ANY($1)', [ids]);
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(r).toEqual({ status: 'cancelled', expired: true });
  });

  test('paying while it expires: one outcome, the card only when paid', async () => {
    const u = await t.signUp();
    for (let i = 0; i < 3; i++) {
      const p = await pay(u, 30 + i);
      await age(p.order_id, 40);
      const [, page] = await Promise.all([expireUnpaidOrders(t.server.db, TTL), t.anon.post(`/sandbox/pay/${tokenOf(p)}/pay`, undefined, form)]);
      expect(page.status).toBe(303);
      const o = await order(u, p.order_id);
      if (o.status === 'paid') expect(o).toMatchObject({ expired: false, wallet_item_id: expect.any(Number) });
      else expect(o).toMatchObject({ status: 'cancelled', expired: true, wallet_item_id: null });
    }
    const orders = (await u.api.get<{ results: Order[] }>('/orders/me')).body.results;
    const cards = (await u.api.get<WalletItem[]>('/wallet/me')).body;
    expect(cards.map((c) => c.order_id).sort()).toEqual(orders.filter((o) => o.status === 'paid').map((o) => o.id).sort());
  });

  test('Pay now (resume) starts a new TTL; an expired order can be neither resumed nor paid; Cancel answers it unchanged', async () => {
    const u = await t.signUp();
    const p = await pay(u, 15);
    await age(p.order_id, 40);
    const resumed = expectOk(await u.api.post(`/orders/${p.order_id}/resume`, undefined, { headers: { 'Accept-Language': 'nl' } }), 200, payShape);
    expect(await expireUnpaidOrders(t.server.db, TTL)).toBe(0);
    expect((await order(u, p.order_id)).status).toBe('pending');

    await age(p.order_id, 31);
    expect(await expireUnpaidOrders(t.server.db, TTL)).toBe(1);
    expectError(await u.api.post(`/orders/${p.order_id}/resume`), 409, 'order_expired');
    const expired = await order(u, p.order_id);
    expect(expectOk(await u.api.post(`/orders/${p.order_id}/cancel`), 200, orderShape)).toEqual(expired);
    expectError(await u.api.get(`/payment-intent/order-is-ready/${p.order_id}`), 409, 'order_cancelled');

    // The provider's page says it expired (in the order's language), and its Pay books nothing.
    const page = await t.anon.get(resumed.payment_url);
    expect(page.text).toContain('Deze betaling is verlopen');
    const done = await t.anon.post(`/sandbox/pay/${tokenOf(resumed)}/pay`, undefined, form);
    expect(done.headers.get('location')).toBe(`${t.baseUrl}/#/nl/wallet?orderId=${p.order_id}&status=cancelled`);
    expect(await order(u, p.order_id)).toEqual(expired);
    expect((await u.api.get('/wallet/me')).body).toEqual([]);
  });

  test('the job runs at start and then periodically until stopped', async () => {
    const u = await t.signUp();
    const p = await pay(u, 16);
    await age(p.order_id, 31);
    const stop = await startOrderExpiry(t.server.db, { orderPaymentTtl: TTL });
    try {
      expect((await order(u, p.order_id)).expired).toBe(true);
    } finally {
      stop();
    }
  });

  test('ORDER_PAYMENT_TTL: 30 minutes by default, validated', () => {
    expect(loadConfig({}).orderPaymentTtl).toBe(1800);
    expect(loadConfig({ ORDER_PAYMENT_TTL: '600' }).orderPaymentTtl).toBe(600);
    expect(() => loadConfig({ ORDER_PAYMENT_TTL: '10' })).toThrow(ConfigError);
    expect(() => loadConfig({ ORDER_PAYMENT_TTL: 'soon' })).toThrow('ORDER_PAYMENT_TTL');
  });
});
