import { describe, expect, it } from 'vitest';
import { truncateLabel } from './country-select';

describe('dropdown labels', () => {
  it('truncates country labels at 25 characters plus an ellipsis', () => {
    expect(truncateLabel('Netherlands')).toBe('Netherlands');
    const long = 'United Kingdom of Great Britain and Northern Ireland';
    expect(truncateLabel(long)).toBe(`${long.slice(0, 25)}…`);
    expect(truncateLabel('x'.repeat(25))).toBe('x'.repeat(25));
  });
});
