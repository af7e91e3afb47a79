import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';
import { createStore, get, set } from 'idb-keyval';
import { keepOffline } from './keep-offline';
import { deleteSavedCache } from './saved-cache-read';
import { STORAGE_KEYS } from './storage-keys';
import {
  cacheKeyFor,
  flushQueryPersistence,
  LAST_OWNER_KEY,
  preloadSavedQueryCache,
  purgeUserQueryCache,
  resetQueryPersistHandle,
  resetQueryPersistenceForTests,
  shouldPersistQuery,
  startQueryPersistence,
} from './query-persist';

/** A client whose ['wallet'] queries are kept offline, as the wallet's query factory declares. */
function client(): QueryClient {
  const qc = new QueryClient({ defaultOptions: { queries: { gcTime: 1000 * 60 * 60 * 24 } } });
  qc.setQueryDefaults(['wallet'], { meta: keepOffline.meta });
  return qc;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetQueryPersistHandle();
  resetQueryPersistenceForTests();
});

describe('what is persisted', () => {
  const q = (meta: Record<string, unknown> | undefined, status: 'success' | 'error' | 'pending' = 'success') =>
    ({ meta, state: { status } }) as unknown as Parameters<typeof shouldPersistQuery>[0];

  it('only successful queries whose factory keeps them offline', () => {
    expect(shouldPersistQuery(q(keepOffline.meta))).toBe(true);
    expect(shouldPersistQuery(q(undefined))).toBe(false);
    expect(shouldPersistQuery(q({ other: true }))).toBe(false);
    expect(shouldPersistQuery(q(keepOffline.meta, 'error'))).toBe(false);
    expect(shouldPersistQuery(q(keepOffline.meta, 'pending'))).toBe(false);
  });

  it('a fetch already in flight at the restore, then cancelled, leaves the restored data', async () => {
    const a = client();
    await startQueryPersistence(a, 4);
    a.setQueryData(['wallet'], [{ id: 1 }]);
    await flushQueryPersistence();
    resetQueryPersistenceForTests();

    // The boot prefetch asks before the restore; the network reaches nothing and never answers.
    const b = client();
    const query = b.getQueryCache().build(b, { queryKey: ['wallet'] });
    void b.prefetchQuery({ queryKey: ['wallet'], queryFn: ({ signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))) });
    await startQueryPersistence(b, 4);
    expect(b.getQueryData(['wallet'])).toEqual([{ id: 1 }]);
    // The screen that watched it closes (its signal was used): React Query cancels and reverts.
    await b.cancelQueries({ queryKey: ['wallet'] });
    expect(query.state.data).toEqual([{ id: 1 }]);
    expect(query.state.status).toBe('success');
  });

  it('a restored query stays kept at the next save, before its factory has run again', async () => {
    const a = client();
    await startQueryPersistence(a, 4);
    a.setQueryData(['wallet'], [{ id: 1 }]);
    await flushQueryPersistence();
    resetQueryPersistenceForTests();

    // No query defaults here: only the meta restored with the query marks it as kept.
    const b = new QueryClient();
    await startQueryPersistence(b, 4);
    expect(b.getQueryData(['wallet'])).toEqual([{ id: 1 }]);
    b.setQueryDefaults(['other'], { meta: keepOffline.meta });
    b.setQueryData(['other'], 2); // a cache event: the whole cache is saved again
    await flushQueryPersistence();
    resetQueryPersistenceForTests();

    const c = new QueryClient();
    await startQueryPersistence(c, 4);
    expect(c.getQueryData(['wallet'])).toEqual([{ id: 1 }]);
    expect(c.getQueryData(['other'])).toBe(2);
  });

  it('keys the saved cache per user', () => {
    expect(cacheKeyFor(4)).toBe('user:4');
    expect(cacheKeyFor(null)).toBe('visitor');
  });
});

describe('save and restore', () => {
  it("restores a user's cache, and never another user's", async () => {
    const a = client();
    await startQueryPersistence(a, 4);
    a.setQueryData(['wallet'], [{ id: 1 }]);
    a.setQueryData(['secret-not-listed'], 1);
    await flushQueryPersistence();
    resetQueryPersistenceForTests();

    const b = client();
    await startQueryPersistence(b, 4);
    expect(b.getQueryData(['wallet'])).toEqual([{ id: 1 }]);
    expect(b.getQueryData(['secret-not-listed'])).toBeUndefined();
    resetQueryPersistenceForTests();

    const c = client();
    await startQueryPersistence(c, 5);
    expect(c.getQueryData(['wallet'])).toBeUndefined();
  });

  it('saves what was already in the cache when persistence starts (data fetched at boot, before the user was known)', async () => {
    const a = client();
    a.setQueryData(['wallet'], [{ id: 7 }]); // no cache event after this
    await startQueryPersistence(a, 4);
    await flushQueryPersistence();
    resetQueryPersistenceForTests();

    const b = client();
    await startQueryPersistence(b, 4);
    expect(b.getQueryData(['wallet'])).toEqual([{ id: 7 }]);
  });

  it('switching user clears what is in memory; logout deletes the saved copy', async () => {
    const qc = client();
    await startQueryPersistence(qc, 4);
    qc.setQueryData(['wallet'], [{ id: 1 }]);
    await flushQueryPersistence();
    await purgeUserQueryCache(4, qc);
    expect(qc.getQueryData(['wallet'])).toBeUndefined();
    await startQueryPersistence(qc, null);
    resetQueryPersistenceForTests();

    const again = client();
    await startQueryPersistence(again, 4);
    expect(again.getQueryData(['wallet'])).toBeUndefined();
  });

  it('offline-first queries with a gcTime at least the persisted max age', async () => {
    const qc = client();
    await startQueryPersistence(qc, null);
    const q = qc.getDefaultOptions().queries!;
    expect(q.networkMode).toBe('offlineFirst');
    expect(Number(q.gcTime)).toBeGreaterThanOrEqual(7 * 24 * 60 * 60 * 1000);
  });
});

describe('a pending save', () => {
  it('is written at once when the page is hidden, not a second later', async () => {
    const qc = client();
    await startQueryPersistence(qc, 4);
    await new Promise((r) => setTimeout(r, 1100)); // the save of what was there at start is done
    qc.setQueryData(['wallet'], [{ id: 3 }]); // throttled: would be written in 1 s
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    await new Promise((r) => setTimeout(r, 50));
    const saved = await get<{ clientState: { queries: Array<{ queryKey: unknown; state: { data: unknown } }> } }>(
      'user:4',
      createStore(STORAGE_KEYS.queryCacheDb, STORAGE_KEYS.queryCacheStore),
    );
    expect(saved?.clientState.queries.find((q) => JSON.stringify(q.queryKey) === '["wallet"]')?.state.data).toEqual([{ id: 3 }]);
  });
});

describe('boot reads the saved cache alongside the session (preloadSavedQueryCache)', () => {
  const store = () => createStore(STORAGE_KEYS.queryCacheDb, STORAGE_KEYS.queryCacheStore);
  async function saveFor(owner: number | null, wallet: unknown) {
    const qc = client();
    await startQueryPersistence(qc, owner);
    qc.setQueryData(['wallet'], wallet);
    await flushQueryPersistence();
    resetQueryPersistenceForTests();
  }

  it('names the last owner, and the first restore of the same owner uses the read started at boot', async () => {
    await saveFor(4, [{ id: 1 }]);
    expect(await get(LAST_OWNER_KEY, store())).toBe('user:4');

    preloadSavedQueryCache(); // before anyone knows who is signed in
    // Changed after the early read started: the restore must not read again (one read, at boot).
    const saved = await get<{ clientState: { queries: Array<{ state: { data: unknown } }> } }>('user:4', store());
    saved!.clientState.queries[0]!.state.data = [{ id: 99 }];
    await set('user:4', saved, store());

    const qc = client();
    await startQueryPersistence(qc, 4);
    expect(qc.getQueryData(['wallet'])).toEqual([{ id: 1 }]);
  });

  it("never hands the last owner's cache to someone else (another user, a visitor)", async () => {
    await saveFor(4, [{ id: 1 }]);
    await saveFor(5, [{ id: 2 }]); // the last owner is now user 5
    preloadSavedQueryCache();
    const qc = client();
    await startQueryPersistence(qc, 4);
    expect(qc.getQueryData(['wallet'])).toEqual([{ id: 1 }]);
    resetQueryPersistenceForTests();

    preloadSavedQueryCache();
    const visitor = client();
    await startQueryPersistence(visitor, null);
    expect(visitor.getQueryData(['wallet'])).toBeUndefined();
  });

  it('logout forgets the last owner with the saved cache', async () => {
    await saveFor(4, [{ id: 1 }]);
    await purgeUserQueryCache(4);
    expect(await get(LAST_OWNER_KEY, store())).toBeUndefined();
    preloadSavedQueryCache();
    const qc = client();
    await startQueryPersistence(qc, 4);
    expect(qc.getQueryData(['wallet'])).toBeUndefined();
  });

  it('a sign-out after the boot read, before the persister started (a first visit), leaves nothing to restore', async () => {
    await saveFor(4, [{ id: 1 }]);
    preloadSavedQueryCache(); // the boot's read, holding user 4's cache
    await purgeUserQueryCache(4); // signed out before the saved cache started (it starts after the first screen)
    const qc = client();
    await startQueryPersistence(qc, 4); // signed in again as the same user
    expect(qc.getQueryData(['wallet'])).toBeUndefined();
  });

  it('without the persister, sign-out still deletes the saved cache and drops the boot read (deleteSavedCache)', async () => {
    await saveFor(4, [{ id: 1 }]);
    preloadSavedQueryCache();
    await deleteSavedCache(4);
    expect(await get('user:4', store())).toBeUndefined();
    expect(await get(LAST_OWNER_KEY, store())).toBeUndefined();
    const qc = client();
    await startQueryPersistence(qc, 4);
    expect(qc.getQueryData(['wallet'])).toBeUndefined();
  });
});

describe('signed in before the user is known', () => {
  it("saves nothing, so a user's data never lands in the visitor's copy", async () => {
    const qc = client();
    await startQueryPersistence(qc, null);
    await startQueryPersistence(qc, 'pending');
    qc.setQueryData(['wallet'], [{ id: 1 }]);
    await flushQueryPersistence();
    await startQueryPersistence(qc, 4);
    expect(qc.getQueryData(['wallet'])).toEqual([{ id: 1 }]); // same user: kept in memory
    await flushQueryPersistence();
    resetQueryPersistenceForTests();

    const visitor = client();
    await startQueryPersistence(visitor, null);
    expect(visitor.getQueryData(['wallet'])).toBeUndefined();
  });
});
