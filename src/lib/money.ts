// Money is integer minor units (cents); formatting through Intl in the active language.
// nl: "€ 1.234,56", en: "€1,234.56". Points are integers; 100 points = €1.
import { formatDecimal } from './decimal';
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

/** Euros as Intl writes them ("€12.50", "€ 12,50" with a no-break space) without loading Intl (decimal.ts). */
function formatEuros(amount: number, lang: Lang, digits: number): string | null {
  const n = formatDecimal(amount, lang, digits, digits);
  if (n === null) return null;
  return lang === 'nl' ? `€\u00a0${n}` : `€${n}`;
}

export function formatMoney(minor: number, currency: string, lang: Lang): string {
  let cur = (currency || 'EUR').toUpperCase();
  if (!/^[A-Z]{3}$/.test(cur)) cur = 'EUR';
  const amount = (minor || 0) / 100;
  return (cur === 'EUR' ? formatEuros(amount, lang, 2) : null) ?? formatter(lang, cur).format(amount);
}

/**
 * A change of an amount, its sign always shown, as the language writes it: "+€2.50" / "-€2.50",
 * "€ +2,50" / "€ -2,50" (Dutch puts the sign after the symbol). Through Intl: not first-paint code.
 */
export function formatMoneyChange(minor: number, currency: string, lang: Lang): string {
  let cur = (currency || 'EUR').toUpperCase();
  if (!/^[A-Z]{3}$/.test(cur)) cur = 'EUR';
  const key = `${lang}|${cur}|signed`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: cur, signDisplay: 'exceptZero' });
    cache.set(key, f);
  }
  return f.format((minor || 0) / 100);
}

/** Whole currency units without decimals (calculator results): "€ 50.000" / "€50,000". */
export function formatMoneyWhole(units: number, currency: string, lang: Lang): string {
  const cur = (currency || 'EUR').toUpperCase();
  const whole = Math.round(units);
  return (cur === 'EUR' ? formatEuros(whole, lang, 0) : null) ?? formatter(lang, cur, 0).format(whole);
}

export function formatNumber(value: number, lang: Lang, digits = 0): string {
  return formatDecimal(value, lang, digits, digits) ?? new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

export function formatPoints(points: number, lang: Lang): string {
  return formatNumber(Math.round(points || 0), lang);
}

export function pointsToMinor(points: number): number {
  return Math.round(points);
}
