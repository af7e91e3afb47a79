/**
 * The saved query cache's store and the boot's early read of it (whoever used the app last, before
 * anyone knows who is signed in). Apart from query-persist.ts so that src/app/early-reads.ts, the
 * entry's first import, pulls only idb-keyval ahead of React: importing the persister there moved
 * React Query's modules to the front of the chunk, and that order gzips ~0.5 KB worse.
 */
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { createStore, delMany, type UseStore } from 'idb-keyval';
import { STORAGE_KEYS } from './storage-keys';

/** Names the cache saved last ('visitor' or 'user:<id>'); never a cache key itself. */
export const LAST_OWNER_KEY = 'last';

export function cacheKeyFor(userId: number | null): string {
  return userId == null ? 'visitor' : `user:${userId}`;
}

let store: UseStore | null = null;
export function savedCacheStore(): UseStore {
  if (!store) store = createStore(STORAGE_KEYS.queryCacheDb, STORAGE_KEYS.queryCacheStore);
  return store;
}

export type EarlyRead = { key: string; value: PersistedClient | undefined } | null;
let preloaded: Promise<EarlyRead> | null = null;

/**
 * Start reading the saved cache of whoever used the app last (or take the read the early script
 * started, src/app/early-start.ts). Only the first restore of the page may use it (query-persist.ts),
 * and only for the same owner: another user's cache is dropped without reaching the client.
 */
export function preloadSavedQueryCache(read?: Promise<EarlyRead>): void {
  if (preloaded) return;
  preloaded = read ?? readSavedQueryCache();
}

/** The saved cache of whoever used the app last: null without one (or without IndexedDB). */
export function readSavedQueryCache(): Promise<EarlyRead> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return savedCacheStore()('readonly', (s) =>
    new Promise<EarlyRead>((resolve, reject) => {
      const last = s.get(LAST_OWNER_KEY);
      last.onerror = () => reject(last.error);
      last.onsuccess = () => {
        const key: unknown = last.result;
        if (typeof key !== 'string') return resolve(null);
        const saved = s.get(key);
        saved.onerror = () => reject(saved.error);
        saved.onsuccess = () => resolve({ key, value: saved.result as PersistedClient | undefined });
      };
    }),
  ).catch(() => null);
}

/** The early read, once (later restores read afresh). */
export function takePreloadedSavedCache(): Promise<EarlyRead> | null {
  const p = preloaded;
  preloaded = null;
  return p;
}

/**
 * Deletes a user's saved cache and the last-owner hint, and drops the early read (it may hold that
 * cache): sign-out, also where the persister (query-persist.ts, a lazy chunk) never loaded.
 */
export async function deleteSavedCache(userId: number | null): Promise<void> {
  preloaded = null;
  try {
    await delMany([cacheKeyFor(userId), LAST_OWNER_KEY], savedCacheStore());
  } catch {
    /* nothing saved */
  }
}

export function resetSavedCacheReadForTests(): void {
  store = null;
  preloaded = null;
}
