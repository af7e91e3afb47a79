/**
 * History entries added for an open layer (a dialog inside a screen, the phone's menu; `back-closes.ts`).
 * Such an entry outlives its layer when Back closed it and Forward comes back to it, or when the page was
 * reloaded with the layer open: the screen is the same but nothing is open, a dead step. The app steps
 * back off such an entry at once. Kept apart from `back-closes.ts` because the router needs it from the
 * start, before any layer's (lazy) code has loaded. Entries are known by their key, kept for the tab's
 * life in sessionStorage: a mark in the entry's state would make the router take a tap on the bottom
 * bar's Search (the same address) for a new place.
 */
import type { RouterHistory } from '@tanstack/react-router';
import { STORAGE_KEYS } from '../offline/storage-keys';
import { readList, writeList } from './stored-list';

/** Keys of the entries whose layers are open in this page now. */
export const openLayers = new Set<string>();

/** The key TanStack's history gives each entry. */
export const entryKey = (state: unknown) => (state as { __TSR_key?: string } | null)?.__TSR_key ?? '';

const layerKeys = () => readList(() => sessionStorage, STORAGE_KEYS.layerEntries);

/** Notes an entry as a layer's (the last 20 are enough: older ones lie behind a push). */
export function markLayerEntry(key: string): void {
  writeList(() => sessionStorage, STORAGE_KEYS.layerEntries, [...layerKeys(), key], 20);
}

const isClosedLayer = (state: unknown) => {
  const key = entryKey(state);
  return key !== '' && !openLayers.has(key) && layerKeys().includes(key);
};

/** Steps back off a closed layer's entry on arrival (Back, Forward, a reload). */
export function skipClosedLayers(history: RouterHistory): void {
  if (isClosedLayer(history.location.state)) history.back();
  history.subscribe(({ location, action }) => {
    if (action.type !== 'PUSH' && action.type !== 'REPLACE' && isClosedLayer(location.state)) history.back();
  });
}
