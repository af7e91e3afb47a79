/**
 * The React Query cache saved to IndexedDB per user and restored before an installed start's first
 * render, so the app shows the catalogue, wallet and savings at once, online or offline (a first visit,
 * with nothing saved yet, starts it after its first screen: src/app/offline-boot.ts). What is kept (keepOffline), for
 * how long, the early read at boot and the user-switch rules: src/offline/README.md.
 */
import { onlineManager, type Query, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { del, get, promisifyRequest, set } from 'idb-keyval';
import { BUILD_ID } from './build-info';
import { isKeptOffline, KEEP_OFFLINE_MS } from './keep-offline';
import { cacheKeyFor, deleteSavedCache, LAST_OWNER_KEY, resetSavedCacheReadForTests, savedCacheStore as db, takePreloadedSavedCache } from './saved-cache-read';

export { cacheKeyFor, LAST_OWNER_KEY, preloadSavedQueryCache } from './saved-cache-read';

const SAVE_THROTTLE_MS = 1000;
const RESTORE_TIMEOUT_MS = 3000;

export function resetQueryPersistHandle(): void {
  resetSavedCacheReadForTests();
}

export function shouldPersistQuery(query: Pick<Query, 'meta' | 'state'>): boolean {
  return query.state.status === 'success' && isKeptOffline(query.meta);
}

/** An idb-keyval persister for one key, with throttled writes (the cache changes often). */
export function createIdbPersister(key: string): Persister & { flush(): Promise<void>; cancel(): void } {
  // Its connection opened now: the save made as the page is left (the hidden flush below) cannot wait a
  // task for one, and the boot's read may have used another (the early script's own copy of the store).
  void db()('readonly', () => undefined).catch(() => undefined);
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = async () => {
    timer = null;
    const value = pending;
    pending = null;
    if (!value) return;
    try {
      await db()('readwrite', (store) => {
        store.put(value, key);
        // Committed now, not once this page's event loop turns again: the save made as the page is
        // left (the hidden flush below) otherwise never reached the disk, and the next offline start
        // found the screen's data only in the worker's copies.
        store.transaction.commit?.();
        return promisifyRequest(store.transaction);
      });
    } catch {
      /* quota or storage failure: the app works without the saved copy */
    }
  };
  return {
    persistClient(client) {
      pending = client;
      if (!timer) timer = setTimeout(() => void write(), SAVE_THROTTLE_MS);
    },
    async restoreClient() {
      try {
        const early = takePreloadedSavedCache();
        if (early) {
          const read = await early;
          if (read) lastOwner ??= read.key; // already named: no need to write it again this start
          if (read && read.key === key) return read.value;
        }
        return await get<PersistedClient>(key, db());
      } catch {
        return undefined;
      }
    },
    async removeClient() {
      pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
      try {
        await del(key, db());
      } catch {
        /* nothing saved */
      }
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await write();
    },
    cancel() {
      pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** The cache key stored under LAST_OWNER_KEY, as far as this page knows (saves a write per start). */
let lastOwner: string | null = null;

/** Whose cache is live: a user id, null for a visitor, 'pending' while signed in but the user is
 *  not known yet (nothing is saved then, so a user's data can never land in the visitor's copy). */
export type CacheOwner = number | null | 'pending';
let activeUser: CacheOwner | undefined;
let unsubscribe: (() => void) | null = null;
let persister: ReturnType<typeof createIdbPersister> | null = null;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([p, new Promise<undefined>((r) => setTimeout(() => r(undefined), ms))]);
}

/** Whether the page-hidden flush of a pending save is wired (once per page). */
let flushOnHide = false;

/**
 * Restore the saved cache of `userId` into the client and keep saving it. An installed start calls it
 * before its first render (it waits at most 3 s); again whenever the signed-in user changes.
 */
export async function startQueryPersistence(queryClient: QueryClient, userId: CacheOwner): Promise<void> {
  if (activeUser === userId && (unsubscribe || userId === 'pending')) return;
  if (!flushOnHide && typeof document !== 'undefined') {
    flushOnHide = true;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void persister?.flush();
    });
  }
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') {
    onlineManager.setOnline(navigator.onLine);
  }
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      networkMode: 'offlineFirst',
      gcTime: Math.max(Number(defaults.queries?.gcTime ?? 0), KEEP_OFFLINE_MS),
    },
  });

  const switching = activeUser !== undefined && activeUser !== userId;
  if (unsubscribe) {
    unsubscribe();
    unsubscribe = null;
    // Switching user: drop an unsaved write (it could land after a logout purge); same user: save it.
    if (switching) persister?.cancel();
    else await persister?.flush();
  }
  // Never show one user's data to another: drop what is in memory when a known user goes.
  if (switching && typeof activeUser === 'number') queryClient.clear();
  activeUser = userId;
  if (userId === 'pending') {
    persister = null;
    return;
  }
  persister = createIdbPersister(cacheKeyFor(userId));

  await withTimeout(
    persistQueryClientRestore({
      queryClient,
      persister,
      maxAge: KEEP_OFFLINE_MS,
      buster: BUILD_ID,
    })
      .then(() => keepRestoredOnCancel(queryClient))
      .catch(() => undefined),
    RESTORE_TIMEOUT_MS,
  );
  if (activeUser !== userId) return; // switched again meanwhile
  void rememberLastOwner(cacheKeyFor(userId));
  const saveOptions = {
    queryClient,
    persister,
    buster: BUILD_ID,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
  };
  unsubscribe = persistQueryClientSubscribe(saveOptions);
  // Answers that arrived before this point (the boot prefetch, src/app/boot-prefetch.ts, often has the
  // whole first screen in before the user is known) raise no further cache event: save them now.
  void persistQueryClientSave(saveOptions).catch(() => undefined);
}

/**
 * A query already fetching when its saved copy was restored (the boot prefetch starts before the
 * restore) would, if that fetch is cancelled (its screen closed: the wallet list as a card is tapped),
 * go back to its state from before the fetch: no data. Offline, or on a network that reaches nothing
 * while the browser says online, the next screen then shows an error instead of the saved copy.
 * Setting the restored data again makes it what a cancel goes back to (React Query keeps the state of
 * a manual update for that).
 */
function keepRestoredOnCancel(queryClient: QueryClient): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const { data, dataUpdatedAt, fetchStatus } = query.state;
    if (fetchStatus === 'idle' || data === undefined) continue;
    queryClient.setQueryData(query.queryKey, data, { updatedAt: dataUpdatedAt });
  }
}

async function rememberLastOwner(key: string): Promise<void> {
  if (lastOwner === key) return;
  lastOwner = key;
  try {
    await set(LAST_OWNER_KEY, key, db());
  } catch {
    /* a hint only: the next start reads the right cache anyway */
  }
}

/** Delete a user's saved cache (logout, account deletion) and, given the client, what is in memory. */
export async function purgeUserQueryCache(userId: number | null, queryClient?: QueryClient): Promise<void> {
  if (activeUser === userId && persister) {
    unsubscribe?.();
    unsubscribe = null;
    await persister.removeClient(); // also cancels a pending throttled save
    persister = null;
    // activeUser stays: the next startQueryPersistence sees a user switch and clears memory.
  }
  queryClient?.clear();
  lastOwner = null;
  await deleteSavedCache(userId);
}

/** Save now (before a reload into a new version, for instance). */
export async function flushQueryPersistence(): Promise<void> {
  await persister?.flush();
}

export function resetQueryPersistenceForTests(): void {
  takePreloadedSavedCache();
  lastOwner = null;
  unsubscribe?.();
  unsubscribe = null;
  persister = null;
  activeUser = undefined;
}
