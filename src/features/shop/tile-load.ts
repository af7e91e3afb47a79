/**
 * When a shop row's tiles load their images.
 *
 * tileLoad: by the row's place on the page (0 = the first row: the Favorites row when signed in, else
 * the first category) and the tile's place in the row. The first screenful loads at once instead of
 * waiting for layout (`loading="lazy"`); the first row's first tiles, which hold the largest paint on a
 * phone, also at high priority. Everything else stays lazy.
 *
 * useRowImages: which tiles get an image at all yet. Native lazy loading starts images 1,250–2,500 px
 * away, sideways too: on a phone that is every tile of the first five rows, some 70 photos and logos
 * over six connections, queued in front of the photos actually on screen (and each SVG is parsed on the
 * main thread). A row asks for images once it is within half a screen of the viewport, and for the
 * tiles beyond its visible width once it is scrolled sideways.
 */
import { useCallback, useState, type RefObject } from 'react';
import { useNearScreen } from '../../ui/use-near-screen';

export const EAGER_ROWS = 2;
export const EAGER_TILES = 4;
export const HIGH_TILES = 2;
/** A row tile's width plus the gap to the next (shop.css .sp-row__item, .scroller-track gap). */
export const TILE_PX = 170;

const SCROLLED_PX = 16;

export type TileLoad = 'high' | 'eager' | 'lazy' | 'none';

export function tileLoad(row: number, tile: number): 'high' | 'eager' | 'lazy' {
  if (row >= EAGER_ROWS || tile >= EAGER_TILES) return 'lazy';
  return row === 0 && tile < HIGH_TILES ? 'high' : 'eager';
}

/** The tiles a row can show before it is scrolled sideways, plus the one partly shown at the edge. */
export function tilesInView(viewportWidth: number): number {
  return Math.ceil(viewportWidth / TILE_PX) + 1;
}

export function useRowImages(ref: RefObject<Element | null>, row: number): {
  loadFor: (tile: number) => TileLoad;
  /** Put on the row (React's onScrollCapture): a sideways scroll of its track reveals the rest. */
  onScrollCapture: (event: { target: EventTarget }) => void;
} {
  const near = useNearScreen(ref, '50% 0px');
  const [scrolled, setScrolled] = useState(false);
  const inView = tilesInView(typeof window === 'undefined' ? Infinity : window.innerWidth);
  const loadFor = useCallback(
    (tile: number): TileLoad => (near && (scrolled || tile < inView) ? tileLoad(row, tile) : 'none'),
    [near, scrolled, inView, row],
  );
  // Scroll snapping moves a track by its couple of px of padding on its own: only a real scroll counts.
  const onScrollCapture = useCallback((event: { target: EventTarget }) => {
    if (event.target instanceof Element && event.target.scrollLeft > SCROLLED_PX) setScrolled(true);
  }, []);
  return { loadFor, onScrollCapture };
}
