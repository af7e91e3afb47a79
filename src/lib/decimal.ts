/**
 * Plain decimal numbers in the app's two locales (en-GB, nl-NL) without Intl.
 *
 * Why: the first Intl.NumberFormat a page creates loads ICU's number data, one synchronous task of
 * 20–40 ms on a desktop CPU and 80+ ms on a phone's, right when the shop's first tiles render. The
 * tiles, the gift-card tile and the wallet need only percents and euro amounts, so money.ts and
 * badge.ts format those here. decimal.test.ts checks the output is exactly Intl.NumberFormat's (en-GB,
 * nl-NL: half-expand rounding of the shortest decimal form, grouping by thousands) over many values.
 * Anything this does not cover returns null and the caller uses Intl.
 */
import type { Lang } from './i18n';

const SEPARATORS: Record<Lang, { decimal: string; group: string }> = {
  en: { decimal: '.', group: ',' },
  nl: { decimal: ',', group: '.' },
};

/** `value` with between minFraction and maxFraction decimals, or null (negative, -0, huge or tiny: use Intl). */
export function formatDecimal(value: number, lang: Lang, minFraction: number, maxFraction: number): string | null {
  if (!(value >= 0) || Object.is(value, -0) || !Number.isFinite(value)) return null;
  const rounded = roundHalfExpand(String(value), maxFraction);
  if (!rounded) return null;
  const [int, fraction] = rounded;
  let frac = fraction;
  while (frac.length > minFraction && frac.endsWith('0')) frac = frac.slice(0, -1);
  frac = frac.padEnd(minFraction, '0');
  const { decimal, group } = SEPARATORS[lang] ?? SEPARATORS.en;
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, group) + (frac ? decimal + frac : '');
}

/** Rounds a plain decimal string ("1234.005") to `max` decimals, half away from zero: ["1234", "01"]. */
function roundHalfExpand(text: string, max: number): [string, string] | null {
  if (!/^\d+(\.\d+)?$/.test(text)) return null; // exponent forms (1e21, 1e-7): leave them to Intl
  const [int = '0', frac = ''] = text.split('.');
  if (frac.length <= max) return [int, frac];
  const kept = int + frac.slice(0, max);
  if (frac.charCodeAt(max) < 53 /* '5' */) return [int, frac.slice(0, max)];
  // Add one at the last kept digit, carrying to the left.
  const digits = kept.split('');
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') digits[i--] = '0';
  if (i >= 0) digits[i] = String(Number(digits[i]) + 1);
  else digits.unshift('1');
  const all = digits.join('');
  return [all.slice(0, all.length - max), all.slice(all.length - max)];
}
