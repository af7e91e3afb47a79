/**
 * How a shop row's tile loads its images, by the row's place on the page (0 = the first row: the
 * Favorites row when signed in, else the first category) and the tile's place in the row. The first
 * screenful loads at once instead of waiting for layout (`loading="lazy"`); the first row's first
 * tiles, which hold the largest paint on a phone, also at high priority. Everything else stays lazy.
 */
export const EAGER_ROWS = 2;
export const EAGER_TILES = 4;
export const HIGH_TILES = 2;

export function tileLoad(row: number, tile: number): 'high' | 'eager' | 'lazy' {
  if (row >= EAGER_ROWS || tile >= EAGER_TILES) return 'lazy';
  return row === 0 && tile < HIGH_TILES ? 'high' : 'eager';
}
