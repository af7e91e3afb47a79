import { describe, expect, it } from 'vitest';
import { formatUnits } from './units';

describe('formatUnits', () => {
  it('writes up to two decimals in the language\'s own way, none when whole', () => {
    expect(formatUnits(16.35, 'nl')).toBe('16,35');
    expect(formatUnits(16.35, 'en')).toBe('16.35');
    expect(formatUnits(3, 'nl')).toBe('3');
    expect(formatUnits(1234.5, 'nl')).toBe('1.234,5');
    expect(formatUnits(0.856, 'en')).toBe('0.86');
  });
});
