/**
 * Pure catalogue rules (shop page order and page sizes: docs/product.md#constants), kept out of components so they are tested
 * on their own.
 */
import type { Brand, Category } from '@contract/types';
import type { Lang } from '../i18n';

export type { Lang };

/** Brands shown in a category row before "Load more". */
export const ROW_SIZE = 8;
/** Load-more page size of the expanded grid. */
export const GRID_PAGE = 12;
/** Categories without a sort order go last (fallback 999). */
export const SORT_FALLBACK = 999;

export function categoryName(c: Pick<Category, 'name' | 'name_nld'>, lang: Lang): string {
  return lang === 'nl' && c.name_nld ? c.name_nld : c.name;
}

export function brandName(b: Pick<Brand, 'name' | 'name_nld'>, lang: Lang): string {
  return lang === 'nl' && b.name_nld ? b.name_nld : b.name;
}

/** Categories ordered by sort_order (missing → 999), ties by id so the order is stable. */
export function sortCategories<C extends Pick<Category, 'id' | 'sort_order'>>(categories: readonly C[]): C[] {
  return [...categories].sort(
    (a, b) => (a.sort_order ?? SORT_FALLBACK) - (b.sort_order ?? SORT_FALLBACK) || a.id - b.id,
  );
}

/**
 * Load-more paging for the expanded grid: GRID_PAGE at a time from offset 0; more remain only if a full
 * Page came back, whatever metadata.total says.
 */
export function nextGridOffset(pages: readonly { results: readonly unknown[] }[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.results.length < GRID_PAGE) return undefined;
  return pages.reduce((n, p) => n + p.results.length, 0);
}

/** Drop repeated brands (a brand may move between pages while the catalogue changes). */
export function uniqueBrands(lists: readonly (readonly Brand[])[]): Brand[] {
  const seen = new Set<number>();
  const out: Brand[] = [];
  for (const list of lists) for (const b of list) if (!seen.has(b.id)) { seen.add(b.id); out.push(b); }
  return out;
}
