/** Reward badges and commission text for brand tiles, the brand detail and the gift-card screen. */
import type { Brand, CommissionType } from '@contract/types';
import { formatDecimal } from '../decimal';
import { formatMoney } from '../money';
import type { Lang } from './catalogue-logic';

/** "5.5%" / "5,5%": up to two decimals, like Intl.NumberFormat (en-GB, nl-NL) but without loading it (decimal.ts). */
export function formatPercent(value: number, lang: Lang): string {
  const n = formatDecimal(value, lang, 0, 2) ?? new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { maximumFractionDigits: 2 }).format(value);
  return `${n}%`;
}

/** A reward as a percent (type percentage) or as minor units in the commission currency (type fixed). */
export function formatReward(value: number, type: CommissionType, currency: string, lang: Lang): string {
  return type === 'fixed' ? formatMoney(value, currency || 'EUR', lang) : formatPercent(value, lang);
}

/** The tile badge: giftcard_percent per giftcard_type. */
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
