import { describe, expect, it } from 'vitest';
import { formatDecimal } from './decimal';

const LOCALES = { en: 'en-GB', nl: 'nl-NL' } as const;

// Values that exercise rounding (ties in the shortest decimal form, carries), grouping and zeros.
const VALUES = [
  0, 1, 5, 9.5, 10, 12.25, 1.005, 2.675, 0.125, 0.995, 9.995, 99.999, 999.995, 1000, 1234.5, 9999.999, 12345.678,
  100000, 999999.995, 1234567.891, 0.1 + 0.2, 1 / 3, 2 / 3, 0.004, 0.005, 0.0049, 123456789012.345,
];
// Plus 400 more from a fixed pseudo-random sequence (the same every run), 3 decimals, 1 to 7 integer digits.
let seed = 20261121;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
for (let i = 0; i < 400; i++) VALUES.push(Math.round(next() * 10 ** (1 + (i % 7)) * 1000) / 1000);

describe('formatDecimal', () => {
  for (const lang of ['en', 'nl'] as const) {
    for (const [min, max] of [[0, 2], [2, 2], [0, 0], [0, 1]] as const) {
      it(`equals Intl.NumberFormat(${LOCALES[lang]}) with ${min}–${max} decimals`, () => {
        const intl = new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: min, maximumFractionDigits: max });
        for (const v of VALUES) expect([v, formatDecimal(v, lang, min, max)]).toEqual([v, intl.format(v)]);
      });
    }
  }

  it('leaves what it does not cover to Intl (null)', () => {
    for (const v of [-1, -0, -0.001, NaN, Infinity, 1e21, 1e-7]) expect(formatDecimal(v, 'en', 0, 2)).toBeNull();
  });
});
