/** A list page filtered from the in-memory index of every brand (cache.ts), as SQL would pick it. */
import { nearMatches, searchKey } from '../contract/search-text.ts';
import type { IndexEntry } from './cache.ts';
import type { ListFilter, PageIds } from './list-filter.ts';

/**
 * The same page from the in-memory index (cache.ts), which holds every brand in the SQL's
 * order (ORDER BY name, id, sorted by the database): filtering keeps that order, so results, paging
 * and total are those of listPageSql (tests/api/catalogue-cache.test.ts checks it on seeded data).
 * `search_key LIKE '%k%'` with k escaped is a substring test: `key.includes(k)`.
 */
export function filterIndex(entries: IndexEntry[], f: ListFilter, limit: number, offset: number): PageIds {
  const key = f.name ? searchKey(f.name) : null;
  const cat = f.categoryId;
  const country = f.country || undefined;
  const primary = f.primary;
  if (key === null && cat === undefined && country === undefined && primary === undefined) {
    return { ids: entries.slice(offset, offset + limit).map((e) => e.id), total: entries.length };
  }
  const ids: number[] = [];
  let total = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (cat !== undefined && e.category !== cat && !e.secondary.includes(cat)) continue;
    if (country !== undefined && e.country !== country) continue;
    if (primary !== undefined && e.primary !== primary) continue;
    if (key !== null && !e.key.includes(key)) continue;
    if (total >= offset && ids.length < limit) ids.push(e.id);
    total++;
  }
  return { ids, total };
}

/**
 * Brands whose name holds the typed text with a few typing mistakes ("zoneveld" → Café Zonneveld), within
 * the list's other filters, closest first: offered when the name filter matched nothing.
 */
export function nearIndex(entries: IndexEntry[], f: ListFilter, limit: number): number[] {
  if (!f.name) return [];
  const scoped = entries.filter(
    (e) =>
      (f.categoryId === undefined || e.category === f.categoryId || e.secondary.includes(f.categoryId)) &&
      (!f.country || e.country === f.country) &&
      (f.primary === undefined || e.primary === f.primary),
  );
  return nearMatches(scoped, (e) => e.key, f.name, limit).map((e) => e.id);
}
