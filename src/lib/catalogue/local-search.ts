/**
 * Instant search over the brands already in the query cache. While the server answers a search, the grid
 * shows the cached brands that match the text by the server's rule (@contract/search-text searchKey: lower case,
 * accents stripped, Latin letters folded, substring of the English or Dutch name), ordered by name. The server's answer replaces
 * them as soon as it arrives: it is the truth (it knows every brand, the cache only some).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Brand } from '@contract/types';
import { searchKey } from '@contract/search-text';
import type { Audience } from './api';
import type { Lang } from './catalogue-logic';
import { catalogueQueries } from './queries';

export { searchKey };

const keys = new WeakMap<Brand, string>();

/** A brand's search key as the server stores it (name, plus the Dutch name when it differs). */
export function brandSearchKey(b: Brand): string {
  let k = keys.get(b);
  if (k === undefined) {
    const nld = b.name_nld || b.name;
    k = nld === b.name ? searchKey(b.name) : `${searchKey(b.name)} | ${searchKey(nld)}`;
    keys.set(b, k);
  }
  return k;
}

function isBrand(v: unknown): v is Brand {
  return !!v && typeof v === 'object' && typeof (v as Brand).id === 'number' && typeof (v as Brand).name === 'string' && 'giftcard_percent' in v;
}

/** Every brand in one cached query's data (rows, grids, pages, lists, single brands). */
export function brandsIn(data: unknown, out: Map<number, Brand>): void {
  if (!data || typeof data !== 'object') return;
  if (Array.isArray(data)) {
    for (const v of data) if (isBrand(v)) out.set(v.id, v);
    return;
  }
  if (isBrand(data)) {
    out.set(data.id, data);
    return;
  }
  const o = data as { pages?: unknown; results?: unknown; brands?: unknown };
  if (Array.isArray(o.pages)) for (const p of o.pages) brandsIn((p as { results?: unknown } | null)?.results, out);
  if (Array.isArray(o.results)) brandsIn(o.results, out);
  if (Array.isArray(o.brands)) brandsIn(o.brands, out);
}

/** The brands that match `text`, ordered by name then id (as the server orders), at most `limit`. */
export function matchBrands(brands: Iterable<Brand>, text: string, limit: number): Brand[] {
  const needle = searchKey(text.trim());
  const hits: Brand[] = [];
  for (const b of brands) if (brandSearchKey(b).includes(needle)) hits.push(b);
  hits.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  return hits.slice(0, limit);
}

/** Every brand the cached queries under these keys hold, by id. */
export function cachedBrands(qc: QueryClient, queryKeys: readonly QueryKey[]): Map<number, Brand> {
  const all = new Map<number, Brand>();
  for (const queryKey of queryKeys) for (const [, data] of qc.getQueriesData({ queryKey })) brandsIn(data, all);
  return all;
}

/** Matches among the brands cached for this language and audience (the server's answers for the same scope). */
export function cachedMatches(qc: QueryClient, lang: Lang, audience: Audience, text: string, limit: number): Brand[] {
  const all = cachedBrands(qc, [catalogueQueries.scope(lang, audience), catalogueQueries.searchScope(lang, audience)]);
  return matchBrands(all.values(), text, limit);
}
