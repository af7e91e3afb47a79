/** GET /wallet/me: the user's gift cards, primary partners first, then newest first. */
import { describe, expect, test } from 'vitest';
import type { WalletItem } from '../../server/contract/types.ts';
import { BARCODE_FORMATS, barcodeValueProblem } from '../../server/contract/barcode.ts';
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

  test('the demo wallet holds a card in every barcode format, each value valid for its format', async () => {
    const items = (await t.api(await t.userToken()).get<WalletItem[]>('/wallet/me')).body;
    expect(new Set(items.map((w) => w.barcode_format))).toEqual(new Set(BARCODE_FORMATS));
    for (const w of items) expect(barcodeValueProblem(w.barcode_format, w.barcode_value), `${w.barcode_format} ${w.barcode_value}`).toBeNull();
    for (const w of items.filter((x) => x.barcode_format === 'EAN13')) expect(w.barcode_value).toMatch(/^\d{13}$/);
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
