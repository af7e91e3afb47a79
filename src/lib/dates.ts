// Dates in the active language. Transactions are grouped by day as DD/MM/YYYY.
import type { Lang } from './i18n';

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** DD/MM/YYYY in local time ('' for an invalid date). */
export function formatDateDMY(value: string | number | Date): string {
  const d = toDate(value);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : '';
}

/**
 * A moment with seconds, as Date.toLocaleString writes it for en-GB ('01/01/2026, 00:00:00') and nl-NL
 * ('1-1-2026, 00:00:00'), without Intl: the first date format of a page loads ICU data in one long task,
 * and the wallet (opened at a shop counter) shows this stamp under its cards. dates.test.ts checks it
 * against toLocaleString.
 */
export function formatTimestamp(value: string | number | Date, lang: Lang): string {
  const d = toDate(value);
  if (!d) return '';
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  const date = lang === 'nl'
    ? `${d.getDate()}-${d.getMonth() + 1}-${d.getFullYear()}`
    : `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
  return `${date}, ${time}`;
}

/** '21 November 2026' / '21 november 2026'. */
export function formatDateLong(value: string | number | Date, lang: Lang): string {
  const d = toDate(value);
  return d ? new Intl.DateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(d) : '';
}

/** '21/11/2026, 14:05' style date and time. */
export function formatDateTime(value: string | number | Date, lang: Lang): string {
  const d = toDate(value);
  return d
    ? new Intl.DateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(d)
    : '';
}

/** Month name in the active language for a 0-based month index. */
export function monthName(index: number, lang: Lang, style: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { month: style, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2020, index, 1)),
  );
}

/** The English month names used as keys by the savings API (SavingsSummary.monthly). */
export const ENGLISH_MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
