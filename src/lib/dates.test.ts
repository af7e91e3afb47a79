import { afterEach, describe, expect, it, vi } from 'vitest';
import enWallet from '../../locales/en/wallet.json';
import nlWallet from '../../locales/nl/wallet.json';
import { formatDateDMY, formatDateLong, formatDateTime, formatTimestamp } from './dates';

afterEach(() => vi.restoreAllMocks());

describe('dates', () => {
  // Single- and double-digit days, months, hours; midnight; the turn of a year; a fixed spread of others.
  const moments = [new Date(2026, 0, 1, 0, 0, 0), new Date(2026, 10, 21, 19, 5, 3), new Date(1999, 11, 31, 23, 59, 59), new Date(2030, 8, 9, 9, 9, 9)];
  for (let i = 0; i < 200; i++) moments.push(new Date(1_700_000_000_000 + i * 7_919_993_117));

  it('writes days as en-GB toLocaleString does (DD/MM/YYYY), in both languages', () => {
    for (const d of moments) {
      expect(formatTimestamp(d.getTime())).toBe(d.toLocaleString('en-GB'));
      expect(formatDateTime(d)).toBe(d.toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' }));
    }
  });

  it('needs no Intl.DateTimeFormat in local time, and says nothing for an invalid date', () => {
    const spy = vi.spyOn(Intl, 'DateTimeFormat');
    expect(formatTimestamp(new Date(2026, 10, 21, 19, 5, 3))).toBe('21/11/2026, 19:05:03');
    expect(formatTimestamp(new Date(2026, 10, 21, 19, 5, 3), 'nl')).toBe(new Date(2026, 10, 21, 19, 5, 3).toLocaleString('nl-NL'));
    expect(formatDateDMY(new Date(2026, 10, 6))).toBe('06/11/2026');
    expect(formatTimestamp('not a date')).toBe('');
    expect(spy).not.toHaveBeenCalled();
  });

  it('writes a long date as Intl does in en-GB and nl-NL, with the month names of the translations, without Intl', () => {
    const expected = (lang: 'en-GB' | 'nl-NL') => moments.map((d) => new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric' }).format(d));
    const [en, nl] = [expected('en-GB'), expected('nl-NL')];
    const spy = vi.spyOn(Intl, 'DateTimeFormat');
    for (const [months, want] of [[enWallet.month, en], [nlWallet.month, nl]] as const) {
      const names = Object.values(months);
      expect(moments.map((d) => formatDateLong(d, (m) => names[m]!))).toEqual(want);
    }
    expect(formatDateLong('not a date', () => 'x')).toBe('');
    expect(spy).not.toHaveBeenCalled();
  });
});
