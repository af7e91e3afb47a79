// The app's saved React Query cache as the page's IndexedDB holds it (src/offline/query-persist.ts):
// one entry per owner ('visitor', 'user:<id>') and 'last' naming the last owner. Read in the page, never
// creating the database when the app has not saved anything yet.
import type { Page } from '@playwright/test';

export interface SavedQuery {
  queryKey: unknown;
  state: { data?: unknown };
}

/** Every entry of the saved cache by key (empty when nothing is saved yet). */
export function savedQueryCache(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase | null>((resolve) => {
      const open = indexedDB.open('socialpay-query-cache');
      open.onupgradeneeded = () => open.transaction?.abort(); // not saved yet: never create it here
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => resolve(null);
    });
    if (!db) return {};
    const store = db.transaction('cache').objectStore('cache');
    const [keys, values] = await Promise.all(
      [store.getAllKeys(), store.getAll()].map(
        (req) => new Promise<unknown[]>((resolve) => {
          req.onsuccess = () => resolve(req.result as unknown[]);
          req.onerror = () => resolve([]);
        }),
      ),
    );
    db.close();
    return Object.fromEntries(keys!.map((k, i) => [String(k), values![i]]));
  });
}

/** The saved queries of every owner. */
export async function savedQueries(page: Page): Promise<SavedQuery[]> {
  return Object.values(await savedQueryCache(page)).flatMap(
    (c) => (c as { clientState?: { queries?: SavedQuery[] } } | null)?.clientState?.queries ?? [],
  );
}

/**
 * Drops from every owner's saved cache the queries whose data mentions `text`: the saved cache as a
 * save that never landed leaves it (a reload inside the save's throttle second). Returns how many.
 */
export function dropSavedQueriesMentioning(page: Page, text: string): Promise<number> {
  return page.evaluate(async (needle) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('socialpay-query-cache');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const done = (req: IDBRequest) => new Promise<unknown>((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const store = () => db.transaction('cache', 'readwrite').objectStore('cache');
    const keys = (await done(store().getAllKeys())) as IDBValidKey[];
    let dropped = 0;
    for (const key of keys) {
      const value = (await done(store().get(key))) as { clientState?: { queries?: Array<{ state: { data?: unknown } }> } } | null;
      const queries = value?.clientState?.queries;
      if (!queries) continue;
      const kept = queries.filter((q) => !JSON.stringify(q.state.data ?? null).includes(needle));
      if (kept.length === queries.length) continue;
      dropped += queries.length - kept.length;
      await done(store().put({ ...value, clientState: { ...value!.clientState, queries: kept } }, key));
    }
    db.close();
    return dropped;
  }, text);
}
