import { describe, expect, it } from 'vitest';
import { EAGER_ROWS, EAGER_TILES, HIGH_TILES, tileLoad, tilesInView } from './tile-load';

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

describe('tilesInView', () => {
  it('covers the tiles a row shows before it is scrolled, plus the partly shown one', () => {
    expect(tilesInView(390)).toBe(4); // a phone: two whole tiles, a third cut off, one spare
    expect(tilesInView(1280)).toBeGreaterThanOrEqual(8); // a desktop row shows all eight
  });
});
