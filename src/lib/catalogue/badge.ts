/** Reward badges and commission text for brand tiles, the brand detail and the gift-card screen. */
import type { Brand, CommissionType } from '../../../server/contract/types';
import { formatMoney } from '../money';
import type { Lang } from './catalogue-logic';

// One formatter per language: building an Intl.NumberFormat per tile per render showed up while scrolling.
const percentFormats = new Map<Lang, Intl.NumberFormat>();

export function formatPercent(value: number, lang: Lang): string {
  let f = percentFormats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { maximumFractionDigits: 2 });
    percentFormats.set(lang, f);
  }
  return `${f.format(value)}%`;
}

/**
 * Builds the reward formatters ahead of the first tiles. The first Intl.NumberFormat of a locale is
 * slow (its locale data loads): main.tsx calls this in a task of its own while the boot waits on the
 * network, so that cost does not land inside the render of the first rows.
 */
export function warmRewardFormats(lang: Lang): void {
  formatPercent(0, lang);
  formatMoney(0, 'EUR', lang);
}

/** A reward as a percent (type percentage) or as minor units in the commission currency (type fixed). */
export function formatReward(value: number, type: CommissionType, currency: string, lang: Lang): string {
  return type === 'fixed' ? formatMoney(value, currency || 'EUR', lang) : formatPercent(value, lang);
}

/** The tile badge: giftcard_percent per giftcard_type (SPEC §2). */
export function giftcardBadge(
  brand: Pick<Brand, 'giftcard_percent' | 'giftcard_type' | 'commission_currency'>,
  lang: Lang,
): string {
  return formatReward(brand.giftcard_percent, brand.giftcard_type, brand.commission_currency, lang);
}

/** Cashback for shopping through the affiliate link: affiliate_percent per commission_type. */
export function affiliateReward(
  brand: Pick<Brand, 'affiliate_percent' | 'commission_type' | 'commission_currency'>,
  lang: Lang,
): string {
  return formatReward(brand.affiliate_percent, brand.commission_type, brand.commission_currency, lang);
}
