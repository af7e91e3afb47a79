/** Savings-summary helpers (pure): the twelve months in order, labelled in the active language. */
import type { SavingsSummary } from '@contract/types';

export const MONTH_KEYS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** The twelve monthly amounts (minor units) in calendar order; a missing month is 0. */
export function monthlyValues(summary: Pick<SavingsSummary, 'monthly'> | null | undefined): number[] {
  const monthly = summary?.monthly ?? {};
  const lower = new Map(Object.entries(monthly).map(([k, v]) => [k.toLowerCase(), v]));
  return MONTH_KEYS.map((m) => Number(lower.get(m.toLowerCase()) ?? 0) || 0);
}

export function monthLabels(lang: string, style: 'short' | 'long' = 'short'): string[] {
  const fmt = new Intl.DateTimeFormat(lang, { month: style, timeZone: 'UTC' });
  return MONTH_KEYS.map((_, i) => fmt.format(new Date(Date.UTC(2001, i, 1))).replace(/\.$/, ''));
}
