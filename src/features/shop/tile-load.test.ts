import { describe, expect, it } from 'vitest';
import { EAGER_ROWS, EAGER_TILES, HIGH_TILES, tileLoad } from './tile-load';

describe('tileLoad', () => {
  it('the first screenful loads at once, the first tiles of the first row at high priority, the rest lazily', () => {
    expect(tileLoad(0, 0)).toBe('high');
    expect(tileLoad(0, HIGH_TILES - 1)).toBe('high');
    expect(tileLoad(0, HIGH_TILES)).toBe('eager');
    expect(tileLoad(EAGER_ROWS - 1, 0)).toBe('eager');
    expect(tileLoad(0, EAGER_TILES)).toBe('lazy');
    expect(tileLoad(EAGER_ROWS, 0)).toBe('lazy');
  });
});
