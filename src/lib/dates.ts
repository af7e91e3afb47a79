// Dates in the active language: a day alone is DD/MM/YYYY in both (the transactions list requires it);
// with a time, Dutch writes DD-MM-YYYY as nl-NL does.

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * DD/MM/YYYY, the one way the app writes a day in both languages ('' for an invalid date). Local time
 * without Intl (the first Intl date format of a page loads ICU data in one long task, and the wallet,
 * opened at a shop counter, shows a stamp under its cards); a given time zone uses Intl.
 */
export function formatDateDMY(value: string | number | Date, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return '';
  if (!timeZone) return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
  const parts = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).formatToParts(d);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')}`;
}

/** A day as the language writes it with a time: '21/11/2026' in English, '21-11-2026' in Dutch (en-GB / nl-NL). */
const dayOf = (d: Date, lang: 'en' | 'nl') => (lang === 'nl' ? formatDateDMY(d).replaceAll('/', '-') : formatDateDMY(d));

/** A moment with seconds: '01/01/2026, 00:00:00' / '01-01-2026, 00:00:00'. */
export function formatTimestamp(value: string | number | Date, lang: 'en' | 'nl' = 'en'): string {
  const d = toDate(value);
  return d ? `${dayOf(d, lang)}, ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : '';
}

/**
 * A day with its month written out: '21 November 2026' / '21 november 2026', the month's name from the
 * caller's translations. Not Intl: the first Intl date format of a page loads ICU data in one long task
 * (it was most of the wallet's start on a slow phone, where each card's expiry is written this way).
 */
export function formatDateLong(value: string | number | Date, monthName: (index: number) => string): string {
  const d = toDate(value);
  return d ? `${d.getDate()} ${monthName(d.getMonth())} ${d.getFullYear()}` : '';
}

/** A day and time: '21/11/2026, 14:05' / '21-11-2026, 14:05'. */
export function formatDateTime(value: string | number | Date, lang: 'en' | 'nl' = 'en'): string {
  const d = toDate(value);
  return d ? `${dayOf(d, lang)}, ${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

/** The English month names used as keys by the savings API (SavingsSummary.monthly). */
export const ENGLISH_MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
