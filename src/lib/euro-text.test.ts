import { describe, expect, it } from 'vitest';
import { readEuroText } from './euro-text';
import { parseAmount } from '../features/gift-cards/amount';
import { parseEuroInput } from '../features/wallet/balance-logic';

describe('readEuroText', () => {
  it('reads a point or a comma as the decimal sign, with or without the euro sign', () => {
    expect(readEuroText('7.5')).toEqual({ value: 7.5, decimals: 1 });
    expect(readEuroText(' 7,50 ')).toEqual({ value: 7.5, decimals: 2 });
    expect(readEuroText('€ 12')).toEqual({ value: 12, decimals: 0 });
    expect(readEuroText('-5')).toEqual({ value: -5, decimals: 0 });
  });

  it('counts what was typed, so a thousands point is three decimals, not one euro', () => {
    expect(readEuroText('1.000')).toEqual({ value: 1, decimals: 3 });
    expect(readEuroText('1.250')).toEqual({ value: 1.25, decimals: 3 });
  });

  it('is not a number with letters, exponents, two signs or grouping', () => {
    for (const text of ['ten', '1e3', '1.000,50', '1,000.50', '12.', '.5', '--5', '']) expect(readEuroText(text)).toBeNull();
  });

  it('the gift card and the wallet refuse "1.000" alike (before, the gift card paid €1.00)', () => {
    expect(parseAmount('1.000').error).toBe('too_many_decimals');
    expect(parseEuroInput('1.000', 'correction', 0).error).toBe('too_many_decimals');
    expect(parseAmount('10,50')).toEqual({ amount: 10.5, error: null });
    expect(parseAmount('600.000').error).toBe('too_many_decimals');
    expect(parseAmount('€ ').error).toBe('empty');
    expect(parseEuroInput('€', 'spend', 100).error).toBe('empty');
    expect(parseEuroInput('10,50', 'correction', 0)).toEqual({ cents: 1050, error: null });
  });
});
