// Where each screen's shared scrolling area (.screen-content) was left, by history entry. A screen reached
// again with Back or Forward (a gift card, then Back to a long wallet) returns to that place; any other
// screen starts at its top: its title is focused without scrolling, so a screen opened from the foot of a
// scrolled Menu would otherwise show its middle.
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';

/** History entries remembered (the oldest is forgotten first). */
const MAX_ENTRIES = 50;
/** How long a place is sought while the screen's content is still arriving (its chunk, its data). */
const RESTORE_FOR_MS = 1000;

/** The history entry shown: the router's key as stored in it, or its address where it has none (an entry the
 *  browser made from a typed or changed hash: the router's parsed key for it is new on every visit). */
function currentEntry(href: string): string {
  const state: unknown = window.history.state;
  const key = state && typeof state === 'object' ? (state as { __TSR_key?: unknown }).__TSR_key : undefined;
  return typeof key === 'string' ? key : `href:${href}`;
}

export function useScreenScroll(content: RefObject<HTMLElement | null>, screenPath: string, href: string): () => void {
  const places = useRef(new Map<string, number>());
  const entry = useRef('');

  useLayoutEffect(() => {
    entry.current = currentEntry(href);
  }, [href]);

  // When the screen changes (after the entry above is updated: effects run in order).
  useLayoutEffect(() => {
    const el = content.current;
    if (!el) return;
    const top = places.current.get(entry.current) ?? 0;
    el.scrollTop = top;
    if (el.scrollTop >= top - 1) return;
    // Not tall enough yet: try again each frame until it is, the time is up, or the user scrolls.
    const until = performance.now() + RESTORE_FOR_MS;
    let frame = requestAnimationFrame(function retry(now) {
      el.scrollTop = top;
      if (el.scrollTop < top - 1 && now < until) frame = requestAnimationFrame(retry);
    });
    const stop = () => cancelAnimationFrame(frame);
    const inputs = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const type of inputs) el.addEventListener(type, stop, { once: true, passive: true });
    return () => {
      stop();
      for (const type of inputs) el.removeEventListener(type, stop);
    };
    // Only the screen: a new entry of the same screen (a language switch) keeps its place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [screenPath]);

  return useCallback(() => {
    const el = content.current;
    const key = entry.current;
    if (!el) return;
    const map = places.current;
    map.delete(key); // re-inserted last: the Map's order is then the order of use
    map.set(key, el.scrollTop);
    if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
  }, [content]);
}
