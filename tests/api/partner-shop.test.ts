/**
 * Addition (issue 25): the sandbox's demo partner shop. Opened with a SHOP tap's click reference, it
 * posts signed conversions through the real partner route: the trip's reward goes Pending, then
 * Confirmed (Approve) or Canceled (Decline).
 */
import { describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ShoppingTrip } from '../../server/contract/types.ts';
import { useServer } from './support/harness.ts';

const t = useServer();
const form = (fields: Record<string, string>) => ({ raw: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' });

describe('demo partner shop', () => {
  test('a demo brand links to it with its own parameter; an order travels Pending → Confirmed → Canceled on the trip', async () => {
    const brand = (await t.anon.get('/site/corporate-partners/by-id/4')).body as { affiliate_link: string; click_ref_param: string };
    expect(brand.affiliate_link).toBe('/sandbox/partner-shop/4?ref=socialpay');
    expect(brand.click_ref_param).toBe('clickref');
    const u = await t.signUp();
    const ref = randomUUID().replaceAll('-', '');
    const trip = (await u.api.post<ShoppingTrip>('/shopping-trips', { corporate_partner_id: 4, idempotency_key: randomUUID(), click_ref: ref })).body;
    const shop = await t.anon.get(`/sandbox/partner-shop/4?ref=socialpay&clickref=${ref}`);
    expect(shop.status).toBe(200);
    expect(shop.text).toContain(ref);
    expect(shop.text).toContain('Place an order');

    const bad = await t.anon.post('/sandbox/partner-shop/4/order?lang=en', undefined, form({ click_ref: ref, amount: '12.345' }));
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('role="alert"');
    expect((await u.api.get<ShoppingTrip>(`/shopping-trips/${trip.id}`)).body.transaction_id).toBeNull();

    const placed = await t.anon.post('/sandbox/partner-shop/4/order?lang=en', undefined, form({ click_ref: ref, amount: '59,95' }));
    expect(placed.status).toBe(303);
    const orderPage = placed.headers.get('location')!;
    expect(orderPage).toMatch(/^\/sandbox\/partner-shop\/4\/orders\/demo-[\w-]{16}\?lang=en&sent=pending&code=200$/);
    let mine = (await u.api.get<ShoppingTrip>(`/shopping-trips/${trip.id}`)).body;
    expect(mine.reward_state).toBe('pending');
    const shown = await t.anon.get(orderPage);
    expect(shown.text).toContain('€59.95');
    expect(shown.text).toMatch(/data-testid="order-status">Pending</);

    const approve = /action="([^"]+\/approved[^"]*)"/.exec(shown.text)![1].replaceAll('&amp;', '&');
    expect((await t.anon.post(approve, undefined, form({}))).status).toBe(303);
    mine = (await u.api.get<ShoppingTrip>(`/shopping-trips/${trip.id}`)).body;
    expect(mine.reward_state).toBe('confirmed');
    const after = await t.anon.get(orderPage.replace('sent=pending', 'sent=approved'));
    expect(after.text).toMatch(/data-testid="order-status">Approved</);
    const decline = /action="([^"]+\/declined[^"]*)"/.exec(after.text)![1].replaceAll('&amp;', '&');
    expect((await t.anon.post(decline, undefined, form({}))).status).toBe(303);
    expect((await u.api.get<ShoppingTrip>(`/shopping-trips/${trip.id}`)).body.reward_state).toBe('canceled');
  });

  test('speaks Dutch when asked; a brand off the demo network, or an unknown order, is 404', async () => {
    const nl = await t.anon.get('/sandbox/partner-shop/3?lang=nl');
    expect(nl.text).toContain('Bestelling plaatsen');
    expect(nl.text).toContain('<html lang="nl">');
    expect((await t.anon.get('/sandbox/partner-shop/5')).status).toBe(404);
    expect((await t.anon.get('/sandbox/partner-shop/4/orders/demo-AAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});
