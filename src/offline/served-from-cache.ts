/**
 * What the service worker says of the API answers it gave this page: one came from its saved copy
 * (SERVED_FROM_CACHE, and why), or a late network answer replaced a copy it gave (FRESH_AVAILABLE). The
 * offline boot listens to both to ask again (src/app/offline-boot.ts).
 */

/** The header the worker stamps on an answer from its saved copy: when that copy was fetched (ISO time). */
export const CACHED_AT_HEADER = 'X-SW-Cached-At';

/** `timeout`: the network was slow and a late answer may still come (noteFreshAnswer); `failed`: the
 *  request failed outright or the server erred, and nothing more will come of it. */
export type CopyReason = 'timeout' | 'failed';

const copyListeners = new Set<(path: string, reason: CopyReason) => void>();
const freshListeners = new Set<(path: string) => void>();

export function noteServedFromCache(path: string, reason: CopyReason): void {
  copyListeners.forEach((l) => l(path, reason));
}

export function onServedFromCache(fn: (path: string, reason: CopyReason) => void): () => void {
  copyListeners.add(fn);
  return () => void copyListeners.delete(fn);
}

/** The worker answered `path` from its copy because the network was slow, and the late answer has now
 *  come and differs: the listeners (boot: refetch what is on screen) ask again. */
export function noteFreshAnswer(path: string): void {
  freshListeners.forEach((l) => l(path));
}

export function onFreshAnswer(fn: (path: string) => void): () => void {
  freshListeners.add(fn);
  return () => void freshListeners.delete(fn);
}
