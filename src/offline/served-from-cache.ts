/**
 * Which API answers the service worker served from its saved copy, and when that copy was
 * fetched (X-SW-Cached-At). <LastUpdated apiPath=…/> reads it to say "Last updated …".
 */
import { useSyncExternalStore } from 'react';

const stamps = new Map<string, number>();
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  listeners.forEach((l) => l());
}

export function noteServedFromCache(path: string, cachedAt: number): void {
  stamps.set(path, cachedAt);
  changed();
}

/** Oldest saved-copy time among answers whose path starts with `prefix` (e.g. '/wallet/me'). */
export function servedFromCacheAt(prefix: string): number | null {
  let oldest: number | null = null;
  for (const [path, at] of stamps) {
    if (path.startsWith(prefix) && (oldest == null || at < oldest)) oldest = at;
  }
  return oldest;
}

export function useServedFromCacheAt(prefix: string | undefined): number | null {
  useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => version,
    () => 0,
  );
  return prefix ? servedFromCacheAt(prefix) : null;
}

const freshListeners = new Set<(path: string) => void>();

/**
 * The worker answered `path` from its copy because the network was slow, and the late answer has now
 * come and differs: the copy's stamp goes, and the listeners (boot: refetch what is on screen) ask again.
 */
export function noteFreshAnswer(path: string): void {
  stamps.delete(path);
  changed();
  freshListeners.forEach((l) => l(path));
}

export function onFreshAnswer(fn: (path: string) => void): () => void {
  freshListeners.add(fn);
  return () => void freshListeners.delete(fn);
}

export function clearServedFromCache(prefix?: string): void {
  for (const path of [...stamps.keys()]) if (!prefix || path.startsWith(prefix)) stamps.delete(path);
  changed();
}
