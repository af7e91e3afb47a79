// Amounts of a project's units (meals, m²), for the impact and transaction screens: apart from money.ts,
// which the first paint carries, so the shop's entry does not.
import { formatDecimal } from './decimal';
import type { Lang } from './i18n';

/** Up to two decimals, none when whole, in the language's own way ("16,35" in Dutch, "16.35", "3"). */
export function formatUnits(value: number, lang: Lang): string {
  return formatDecimal(value, lang, 0, 2) ?? new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { maximumFractionDigits: 2 }).format(value);
}
