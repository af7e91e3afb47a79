import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTimestamp } from './dates';

afterEach(() => vi.restoreAllMocks());

describe('formatTimestamp', () => {
  // Single- and double-digit days, months, hours; midnight; the turn of a year; a fixed spread of others.
  const moments = [new Date(2026, 0, 1, 0, 0, 0), new Date(2026, 10, 21, 19, 5, 3), new Date(1999, 11, 31, 23, 59, 59), new Date(2030, 8, 9, 9, 9, 9)];
  for (let i = 0; i < 200; i++) moments.push(new Date(1_700_000_000_000 + i * 7_919_993_117));

  for (const [lang, locale] of [['en', 'en-GB'], ['nl', 'nl-NL']] as const) {
    it(`writes what toLocaleString(${locale}) writes`, () => {
      for (const d of moments) expect(formatTimestamp(d.getTime(), lang)).toBe(d.toLocaleString(locale));
    });
  }

  it('needs no Intl.DateTimeFormat, and says nothing for an invalid date', () => {
    const spy = vi.spyOn(Intl, 'DateTimeFormat');
    expect(formatTimestamp(new Date(2026, 10, 21, 19, 5, 3), 'nl')).toBe('21-11-2026, 19:05:03');
    expect(formatTimestamp('not a date', 'en')).toBe('');
    expect(spy).not.toHaveBeenCalled();
  });
});
