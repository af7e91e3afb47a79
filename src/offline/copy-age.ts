/**
 * An answer the service worker gave from its saved copy (offline, a failed or slow network) is as old
 * as that copy, not as the moment it arrived. Without this the wallet said "Last updated" now for a
 * balance fetched an hour ago, and a copy older than what the screen already showed (a spend just
 * synced, a follow just made) replaced it and, saved as fresh, stayed after a reload.
 *
 * - `http.ts` marks a parsed body that came with the worker's X-SW-Cached-At (`noteCopyTime`); a query
 *   function that reshapes an answer carries the mark over (`keepCopyTime`).
 * - The query client (`copyAgeCache`): a query answered from a copy gets the copy's time and is marked
 *   invalidated (asked again at its next use, also after a reload: the saved cache keeps the flag); a
 *   copy older than the data the query held before that fetch gives way to it.
 */
import { QueryCache, type Query } from '@tanstack/react-query';

const copyTimes = new WeakMap<object, number>();

/** Remembers that `data`, an answer's parsed body, is the worker's copy stamped `cachedAt`. */
export function noteCopyTime(data: unknown, cachedAt: string | null): void {
  const at = cachedAt ? Date.parse(cachedAt) : Number.NaN;
  if (data !== null && typeof data === 'object' && Number.isFinite(at)) copyTimes.set(data, at);
}

/** A result made from an answer (a sorted list, one field of it) is as old as that answer. */
export function keepCopyTime<T>(from: unknown, to: T): T {
  const at = from !== null && typeof from === 'object' ? copyTimes.get(from) : undefined;
  if (at !== undefined && to !== null && typeof to === 'object') copyTimes.set(to, at);
  return to;
}

/** When `data` (a query's result; for a paged query, the oldest of its pages) came from a copy. */
export function copyTimeOf(data: unknown): number | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const own = copyTimes.get(data);
  if (own !== undefined) return own;
  const pages = (data as { pages?: unknown }).pages;
  if (!Array.isArray(pages)) return undefined;
  let oldest: number | undefined;
  for (const page of pages) {
    const at = copyTimeOf(page);
    if (at !== undefined && (oldest === undefined || at < oldest)) oldest = at;
  }
  return oldest;
}

interface Held {
  data: unknown;
  at: number;
}

/** The query client's cache, dating what came from the worker's copies (see the top of this file). */
export function copyAgeCache(): QueryCache {
  const heldBefore = new WeakMap<Query<unknown, unknown>, Held>();
  const cache = new QueryCache({
    onSuccess: (data, query) => {
      const at = copyTimeOf(data);
      if (at === undefined) return;
      const held = heldBefore.get(query);
      if (held && held.data !== undefined && held.at > at) {
        query.setState({ data: held.data, dataUpdatedAt: held.at, isInvalidated: true });
      } else {
        query.setState({ dataUpdatedAt: at, isInvalidated: true });
      }
    },
  });
  cache.subscribe((event) => {
    // What the query held as a fetch started, or was set to while it ran (a synced change's answer).
    if (event.type === 'updated' && (event.action.type === 'fetch' || (event.action.type === 'success' && event.action.manual))) {
      heldBefore.set(event.query, { data: event.query.state.data, at: event.query.state.dataUpdatedAt });
    }
  });
  return cache;
}
