import { describe, expect, it } from 'vitest';
import type { Brand } from '@contract/types';
import { applyDeals, giftcardRewardPercent, hasGiftCard, highestRewards, REFERENCE_PURCHASE_CENTS, rewardPercent, sortBrands } from './deal-logic';

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
