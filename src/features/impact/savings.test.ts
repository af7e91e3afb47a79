import { describe, expect, it } from 'vitest';
import { monthLabels, monthlyValues } from './savings';

describe('savings', () => {
  it('orders the twelve months, missing ones as 0', () => {
    expect(monthlyValues({ monthly: { March: 300, January: 100, december: 1200 } })).toEqual([100, 0, 300, 0, 0, 0, 0, 0, 0, 0, 0, 1200]);
    expect(monthlyValues(null)).toHaveLength(12);
  });

  it('labels months in the active language', () => {
    expect(monthLabels('en')[0]).toBe('Jan');
    expect(monthLabels('nl', 'long')[2]).toBe('maart');
    expect(monthLabels('nl')).toHaveLength(12);
  });
});
