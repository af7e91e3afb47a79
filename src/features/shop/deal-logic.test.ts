import { describe, expect, it } from 'vitest';
import type { Brand } from '@contract/types';
import { applyDeals, giftcardRewardPercent, hasGiftCard, highestRewards, REFERENCE_PURCHASE_CENTS, rewardPercent, shopOrder, sortBrands } from './deal-logic';

const brand = (id: number, name: string, giftcard_percent: number, giftcard_type: 'percentage' | 'fixed' = 'percentage', name_nld = name) =>
  ({ id, name, name_nld, giftcard_percent, giftcard_type }) as Brand;

describe('one scale for both commission types', () => {
  it('keeps a percentage and turns a fixed amount into its share of the reference purchase', () => {
    expect(REFERENCE_PURCHASE_CENTS).toBe(5000);
    expect(rewardPercent(7.5, 'percentage')).toBe(7.5);
    expect(rewardPercent(250, 'fixed')).toBe(5); // €2.50 of €50
    expect(rewardPercent(1000, 'fixed')).toBe(20); // €10 of €50
    expect(giftcardRewardPercent(brand(1, 'A', 100, 'fixed'))).toBe(2);
  });
  it('counts a missing, zero or broken reward as 0 and such a brand as without gift cards', () => {
    expect(rewardPercent(0, 'fixed')).toBe(0);
    expect(rewardPercent(-3, 'percentage')).toBe(0);
    expect(rewardPercent(Number.NaN, 'percentage')).toBe(0);
    expect(hasGiftCard(brand(1, 'A', 0))).toBe(false);
    expect(hasGiftCard(brand(1, 'A', 3))).toBe(true);
    expect(hasGiftCard(brand(1, 'A', 100, 'fixed'))).toBe(true);
  });
});

describe('sorting', () => {
  // In the server's (recommended) order.
  const list = [
    brand(1, 'Appel', 4),
    brand(2, 'bakker', 250, 'fixed'), // 5%
    brand(3, 'Ćevap', 6),
    brand(4, 'Delta', 300, 'fixed'), // 6%: ties with Ćevap, keeps the recommended order
    brand(5, 'Eend', 0),
    brand(6, 'Zon', 10, 'percentage', 'Aarde'),
  ];
  const ids = (bs: Brand[]) => bs.map((b) => b.id);

  it('recommended keeps the order the shop gives', () => {
    expect(ids(sortBrands(list, 'recommended', 'en'))).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('highest reward first compares fixed and percentage rewards on the one scale, ties in recommended order', () => {
    expect(ids(sortBrands(list, 'reward', 'en'))).toEqual([6, 3, 4, 2, 1, 5]);
  });
  it('A–Z ignores case and accents and uses the name shown in the language', () => {
    expect(ids(sortBrands(list, 'az', 'en'))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(sortBrands(list, 'az', 'nl'))).toEqual([6, 1, 2, 3, 4, 5]);
  });
  it('the filter keeps brands with gift cards, and the row takes the highest rewards', () => {
    expect(ids(applyDeals(list, { sort: 'reward', giftCardsOnly: true }, 'en'))).toEqual([6, 3, 4, 2, 1]);
    expect(ids(applyDeals(list, { sort: 'recommended', giftCardsOnly: false }, 'en'))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(highestRewards(list, 3, 'en'))).toEqual([6, 3, 4]);
  });
  it('does not change the list it was given', () => {
    const copy = [...list];
    sortBrands(list, 'reward', 'en');
    expect(list).toEqual(copy);
  });
});

describe("recommended is the shop's order", () => {
  const cat = (id: number, sort_order: number | null) => ({ id, name: `C${id}`, name_nld: `C${id}`, sort_order });
  const food = cat(10, 2);
  const fashion = cat(20, 1);
  const travel = cat(30, null); // no sort_order: after the others
  const placed = (id: number, name: string, main: ReturnType<typeof cat> | null, ...secondary: ReturnType<typeof cat>[]) =>
    ({ ...brand(id, name, 1), category: main, secondary_categories: secondary }) as Brand;
  // As the API lists them: by name.
  const api = [
    placed(1, 'Appel', food),
    placed(2, 'Bakker', travel, fashion), // in Fashion's row too, which comes first
    placed(3, 'Citroen', null), // in no row: last
    placed(4, 'Duin', travel),
    placed(5, 'Eik', fashion),
    placed(6, 'Fiets', food, fashion),
  ];
  const ids = (bs: Brand[]) => bs.map((b) => b.id);

  it('follows the rows (categories by sort_order, each row in the API order), each brand at its first row', () => {
    const recommended = sortBrands(shopOrder(api), 'recommended', 'en');
    expect(ids(recommended)).toEqual([2, 5, 6, 1, 4, 3]);
    expect(ids(recommended)).not.toEqual(ids(sortBrands(shopOrder(api), 'az', 'en')));
    expect(ids(sortBrands(shopOrder(api), 'az', 'en'))).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('ties on sort_order go by category id, and the input is not changed', () => {
    const a = cat(40, 1);
    const list = [placed(7, 'Gras', a), placed(8, 'Hout', fashion)];
    expect(ids(shopOrder(list))).toEqual([8, 7]);
    expect(ids(list)).toEqual([7, 8]);
  });
});
