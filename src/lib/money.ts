// Money is integer minor units (cents); formatting through Intl in the active language.
// nl: "€ 1.234,56", en: "€1,234.56". Points are integers; 100 points = €1.
import type { Lang } from './i18n';

const LOCALES: Record<Lang, string> = { en: 'en-GB', nl: 'nl-NL' };
const cache = new Map<string, Intl.NumberFormat>();

function formatter(lang: Lang, currency: string, digits?: number): Intl.NumberFormat {
  const key = `${lang}|${currency}|${digits ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang], {
      style: 'currency',
      currency: currency || 'EUR',
      ...(digits !== undefined ? { minimumFractionDigits: digits, maximumFractionDigits: digits } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

export function formatMoney(minor: number, currency: string, lang: Lang): string {
  let cur = (currency || 'EUR').toUpperCase();
  if (!/^[A-Z]{3}$/.test(cur)) cur = 'EUR';
  return formatter(lang, cur).format((minor || 0) / 100);
}

/** Whole currency units without decimals (calculator results): "€ 50.000" / "€50,000". */
export function formatMoneyWhole(units: number, currency: string, lang: Lang): string {
  return formatter(lang, currency || 'EUR', 0).format(Math.round(units));
}

export function formatNumber(value: number, lang: Lang, digits = 0): string {
  return new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

export function formatPoints(points: number, lang: Lang): string {
  return formatNumber(Math.round(points || 0), lang);
}

export function pointsToMinor(points: number): number {
  return Math.round(points);
}
