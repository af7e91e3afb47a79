import { describe, expect, it } from 'vitest';
import { parseAmount, refusedAmount, safePaymentUrl } from './amount';

describe('gift card amount', () => {
  it('accepts whole and decimal euros as numbers', () => {
    expect(parseAmount('25')).toEqual({ amount: 25, error: null });
    expect(parseAmount('12,50')).toEqual({ amount: 12.5, error: null });
    expect(parseAmount(' 1 ')).toEqual({ amount: 1, error: null });
  });
  it('refuses empty, zero, negative, below 1 and above 500', () => {
    expect(parseAmount('').error).toBe('empty');
    expect(parseAmount('0').error).toBe('not_positive');
    expect(parseAmount('-5').error).toBe('not_positive');
    expect(parseAmount('0.5').error).toBe('below_min');
    expect(parseAmount('501').error).toBe('above_max');
    expect(parseAmount('abc').error).toBe('not_a_number');
    expect(parseAmount('1e3').error).toBe('not_a_number');
  });
  it('refuses what the server refuses: under one euro, or more than two decimals', () => {
    expect(parseAmount('0.01').error).toBe('below_min');
    expect(parseAmount('0,99').error).toBe('below_min');
    expect(parseAmount('1.005').error).toBe('too_many_decimals');
    expect(parseAmount('0.001').error).toBe('too_many_decimals');
    expect(parseAmount('0.000000001').error).toBe('too_many_decimals');
    expect(parseAmount('1').error).toBeNull();
    expect(parseAmount('500').error).toBeNull();
  });
  it('reads the amount rule from a server refusal', () => {
    expect(refusedAmount([{ property_path: 'amount', code: 'below_min' }])).toBe('below_min');
    expect(refusedAmount([{ property_path: 'amount', code: 'something_else' }])).toBeNull();
    expect(refusedAmount(undefined)).toBeNull();
  });
});

describe('payment redirect', () => {
  const origin = 'https://app.example';
  it('follows only URLs on the payment origin', () => {
    expect(safePaymentUrl('/sandbox/pay/1', origin, origin + '/')).toBe('https://app.example/sandbox/pay/1');
    expect(safePaymentUrl('https://app.example/sandbox/pay/1?x=1', origin, origin)).toBe('https://app.example/sandbox/pay/1?x=1');
    expect(safePaymentUrl('https://evil.example/pay', origin, origin)).toBeNull();
    expect(safePaymentUrl('javascript:alert(1)', origin, origin)).toBeNull();
    expect(safePaymentUrl('', origin, origin)).toBeNull();
    expect(safePaymentUrl(null, origin, origin)).toBeNull();
  });
});
