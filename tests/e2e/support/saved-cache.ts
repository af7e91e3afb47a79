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
