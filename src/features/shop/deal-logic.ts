/**
 * Finding the best deal, pure: the gift-card reward of both commission types on one scale, the shop's
 * three sort orders and the gift-card filter. The deals panel applies them to the whole catalogue on
 * the device, so they work offline.
 */
import type { Brand, CommissionType } from '@contract/types';
import { brandName, SORT_FALLBACK, type Lang } from '../../lib/catalogue/catalogue-logic';

/**
 * A fixed reward (minor units) is compared as its share of a purchase of this size: €2.50 on €50 is
 * 5%. €50 is a middle one of the gift card screen's preset amounts (10, 25, 50, 100).
 */
export const REFERENCE_PURCHASE_CENTS = 5000;

import type { DealSort } from './shop-choices';

export { DEAL_SORTS, isDealSort, type DealSort } from './shop-choices';

export type RewardBrand = Pick<Brand, 'giftcard_percent' | 'giftcard_type'>;

/** A reward as a percentage: a percentage as is, a fixed amount as its share of the reference purchase. */
export function rewardPercent(value: number, type: CommissionType): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  return type === 'fixed' ? (value / REFERENCE_PURCHASE_CENTS) * 100 : value;
}

/** The brand's gift-card reward on the one scale (see rewardPercent). */
export function giftcardRewardPercent(brand: RewardBrand): number {
  return rewardPercent(brand.giftcard_percent, brand.giftcard_type);
}

/** A brand sells gift cards when buying one earns a reward. */
export function hasGiftCard(brand: RewardBrand): boolean {
  return Number.isFinite(brand.giftcard_percent) && brand.giftcard_percent > 0;
}

type SortBrand = RewardBrand & Pick<Brand, 'id' | 'name' | 'name_nld'>;

/** One collator per language: A–Z follows the language's alphabet (ignoring case and accents). */
const collators = new Map<Lang, Intl.Collator>();
function collator(lang: Lang): Intl.Collator {
  let c = collators.get(lang);
  if (!c) {
    c = new Intl.Collator(lang === 'nl' ? 'nl-NL' : 'en-GB', { sensitivity: 'base', numeric: true });
    collators.set(lang, c);
  }
  return c;
}

/**
 * The brands in the chosen order. 'recommended' keeps the order they came in (the shop's own, see
 * shopOrder);
 * 'reward' puts the highest reward first (ties keep that order); 'az' sorts by the name shown in
 * the language (ties by id).
 */
export function sortBrands<B extends SortBrand>(brands: readonly B[], sort: DealSort, lang: Lang): B[] {
  if (sort === 'recommended') return [...brands];
  const indexed = brands.map((b, i) => ({ b, i, r: giftcardRewardPercent(b) }));
  if (sort === 'reward') indexed.sort((x, y) => y.r - x.r || x.i - y.i);
  else {
    const c = collator(lang);
    indexed.sort((x, y) => c.compare(brandName(x.b, lang), brandName(y.b, lang)) || x.b.id - y.b.id);
  }
  return indexed.map((x) => x.b);
}

type PlacedBrand = Pick<Brand, 'id' | 'category' | 'secondary_categories'>;

/**
 * "Recommended" is the order the shop shows brands in: its rows by category sort_order (missing last,
 * ties by id), each row's brands in the order given (the server's), each brand at its first row; brands
 * in no category come last. `brands` is the server's list (by name), secondary categories included.
 */
export function shopOrder<B extends PlacedBrand>(brands: readonly B[]): B[] {
  const rank = (c: { id: number; sort_order: number | null }) => [c.sort_order ?? SORT_FALLBACK, c.id] as const;
  const firstRow = (b: B) => {
    let best: readonly [number, number] | null = null;
    for (const c of [b.category, ...(b.secondary_categories ?? [])]) {
      if (!c) continue;
      const r = rank(c);
      if (!best || r[0] < best[0] || (r[0] === best[0] && r[1] < best[1])) best = r;
    }
    return best ?? [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  };
  return brands
    .map((b, i) => ({ b, i, r: firstRow(b) }))
    .sort((x, y) => x.r[0] - y.r[0] || x.r[1] - y.r[1] || x.i - y.i)
    .map((x) => x.b);
}

export interface DealOptions {
  sort: DealSort;
  giftCardsOnly: boolean;
}

/** The panel's list: filtered, then sorted. */
export function applyDeals<B extends SortBrand>(brands: readonly B[], opts: DealOptions, lang: Lang): B[] {
  return sortBrands(opts.giftCardsOnly ? brands.filter(hasGiftCard) : brands, opts.sort, lang);
}

/** The "Highest rewards" row: the `count` brands with the highest reward (0 rewards left out). */
export function highestRewards<B extends SortBrand>(brands: readonly B[], count: number, lang: Lang): B[] {
  return sortBrands(brands.filter(hasGiftCard), 'reward', lang).slice(0, count);
}
