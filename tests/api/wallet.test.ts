/** GET /wallet/me: the user's gift cards, primary partners first, then newest first. */
import { describe, expect, test } from 'vitest';
import type { WalletItem } from '../../server/contract/types.ts';
import { DEMO2, useServer } from './support/harness.ts';
import { expectError, expectOk, walletItemShape } from './support/shapes.ts';
import { z } from 'zod';

const t = useServer();
const walletShape = z.array(walletItemShape);

describe('GET /wallet/me', () => {
  test('the demo wallet: a plain list of cards with what a shop counter needs', async () => {
    const items = expectOk(await t.api(await t.userToken()).get('/wallet/me'), 200, walletShape);
    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const w of items) {
      expect(w.amount).toBeGreaterThan(0);
      expect(w.barcode_value.length).toBeGreaterThan(0);
    }
    expect(items.some((w) => w.digital_card_link === null)).toBe(true);
    expect(items.some((w) => w.digital_card_link !== null)).toBe(true);
  });

  test('ordered: primary partners first, then newest first', async () => {
    const items = (await t.api(await t.userToken()).get<WalletItem[]>('/wallet/me', { prefix: '/api/v1' })).body;
    const firstNonPrimary = items.findIndex((w) => !w.corporate_partner.is_primary);
    if (firstNonPrimary >= 0) expect(items.slice(firstNonPrimary).every((w) => !w.corporate_partner.is_primary)).toBe(true);
    const group = (p: boolean) => items.filter((w) => w.corporate_partner.is_primary === p).map((w) => Date.parse(w.created_at));
    for (const g of [group(true), group(false)]) expect(g).toEqual([...g].sort((a, b) => b - a));
    expect(items[0].corporate_partner.is_primary).toBe(true);
  });

  test('EAN13 barcodes carry a valid check digit', async () => {
    const items = (await t.api(await t.userToken()).get<WalletItem[]>('/wallet/me')).body;
    const eans = items.filter((w) => w.barcode_format === 'EAN13');
    expect(eans.length).toBeGreaterThan(0);
    for (const w of eans) {
      expect(w.barcode_value).toMatch(/^\d{13}$/);
      const d = w.barcode_value.split('').map(Number);
      const sum = d.slice(0, 12).reduce((s, x, i) => s + x * (i % 2 === 0 ? 1 : 3), 0);
      expect((10 - (sum % 10)) % 10).toBe(d[12]);
    }
  });

  test('each user sees only their own cards', async () => {
    const mine = (await t.api(await t.userToken()).get<WalletItem[]>('/wallet/me')).body;
    const theirs = (await t.api(await t.userToken(DEMO2.email, DEMO2.password)).get<WalletItem[]>('/wallet/me')).body;
    const mineIds = new Set(mine.map((w) => w.id));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((w) => mineIds.has(w.id))).toBe(false);
    const fresh = await t.signUp();
    expect((await fresh.api.get('/wallet/me')).body).toEqual([]);
  });

  test('no token → 401; visitor → 403', async () => {
    expectError(await t.anon.get('/wallet/me'), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).get('/wallet/me'), 403, 'forbidden');
  });
});
