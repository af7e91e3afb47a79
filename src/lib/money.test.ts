import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney, formatMoneyChange, formatMoneyWhole, formatNumber, formatPoints } from './money';
import { formatPercent } from './catalogue/badge';

const LOCALES = { en: 'en-GB', nl: 'nl-NL' } as const;
const MINOR = [0, 1, 5, 50, 99, 100, 250, 1005, 99999, 100000, 123456789, -250, -1];

afterEach(() => vi.restoreAllMocks());

describe('money and numbers', () => {
  for (const lang of ['en', 'nl'] as const) {
    it(`formats euros exactly like Intl (${LOCALES[lang]}), negatives included`, () => {
      const cents = new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' });
      const whole = new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
      for (const m of MINOR) {
        expect(formatMoney(m, 'EUR', lang)).toBe(cents.format(m / 100));
        expect(formatMoneyWhole(m, 'eur', lang)).toBe(whole.format(m));
      }
      expect(formatNumber(1234.5, lang, 1)).toBe(new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(1234.5));
      expect(formatPoints(1234567, lang)).toBe(new Intl.NumberFormat(LOCALES[lang]).format(1234567));
    });
  }

  // The balance history's changes: Dutch writes the sign after the euro sign ("€ -2,50"), not "−€ 2,50".
  it('writes a change with its sign where the language puts it', () => {
    expect(formatMoneyChange(-250, 'EUR', 'nl')).toBe('€\u00a0-2,50');
    expect(formatMoneyChange(250, 'EUR', 'nl')).toBe('€\u00a0+2,50');
    expect(formatMoneyChange(-250, 'EUR', 'en')).toBe('-€2.50');
    expect(formatMoneyChange(250, 'EUR', 'en')).toBe('+€2.50');
    expect(formatMoneyChange(0, 'EUR', 'nl')).toBe('€\u00a00,00');
    for (const [lang, locale] of Object.entries(LOCALES) as [keyof typeof LOCALES, string][]) {
      const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', signDisplay: 'exceptZero' });
      for (const m of MINOR) expect(formatMoneyChange(m, 'EUR', lang)).toBe(intl.format(m / 100));
    }
  });

  it('still formats other currencies through Intl', () => {
    expect(formatMoney(250, 'USD', 'en')).toBe(new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'USD' }).format(2.5));
    expect(formatMoney(250, 'not-a-code', 'en')).toBe('€2.50');
  });

  // The shop's first tiles show percents and euro amounts; building an Intl.NumberFormat there costs a
  // long task on a phone (ICU data loads). They must not need one.
  it('shows percents and euro amounts without creating an Intl.NumberFormat', () => {
    const spy = vi.spyOn(Intl, 'NumberFormat');
    expect(formatPercent(5.5, 'nl')).toBe('5,5%');
    expect(formatPercent(12, 'en')).toBe('12%');
    expect(formatMoney(1250, 'EUR', 'nl')).toBe('€\u00a012,50');
    expect(formatMoney(1250, 'EUR', 'en')).toBe('€12.50');
    expect(spy).not.toHaveBeenCalled();
  });
});
