/**
 * Runs `fn` holding the Web Lock `name`: one holder at a time across this origin's tabs and workers, the
 * others waiting their turn. Where the browser has no Web Locks it just runs `fn` (one tab's own callers
 * are still serialised by whoever calls this, where that matters).
 */
export function withWebLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks?.request ? (locks.request(name, fn) as Promise<T>) : fn();
}
