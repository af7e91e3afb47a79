/**
 * Query-options factories for the catalogue: every catalogue, search and favourites key is built
 * here. Catalogue keys start with ['catalogue', lang, audience] and are kept for offline starts;
 * search grids ('search' root) are not.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Brand, BrandPage } from '@contract/types';
import { keepCopyTime } from '../../offline/copy-age';
import { keepOffline } from '../../offline/keep-offline';
import { fetchBrandById, fetchBrandByName, fetchBrands, fetchCategories, fetchFavorites, type Audience } from './api';
import { GRID_PAGE, nextGridOffset, ROW_SIZE, sortCategories, type Lang } from './catalogue-logic';

export interface RowData {
  brands: Brand[];
  hasMore: boolean;
}

const STALE = 1000 * 60 * 5;

export const catalogueQueries = {
  all: () => ['catalogue'] as const,
  scope: (lang: Lang, audience: Audience) => ['catalogue', lang, audience] as const,
  /** Search grids (brands matching a typed name). */
  searches: () => ['search'] as const,
  searchScope: (lang: Lang, audience: Audience) => ['search', lang, audience] as const,

  categories: (lang: Lang, audience: Audience) =>
    queryOptions({
      queryKey: [...catalogueQueries.scope(lang, audience), 'categories'] as const,
      queryFn: ({ signal }) => fetchCategories(audience, signal).then((p) => keepCopyTime(p, sortCategories(p.results))),
      staleTime: STALE,
      ...keepOffline,
    }),

  /** One category row: its first ROW_SIZE brands and whether more remain. */
  row: (lang: Lang, audience: Audience, categoryId: number) =>
    queryOptions({
      queryKey: [...catalogueQueries.scope(lang, audience), 'row', categoryId] as const,
      queryFn: ({ signal }): Promise<RowData> =>
        fetchBrands({ audience, lang, category: categoryId, limit: ROW_SIZE, offset: 0, signal }).then((p) =>
          keepCopyTime(p, {
            brands: p.results,
            hasMore: p.metadata.total > p.results.length,
          }),
        ),
      staleTime: STALE,
      ...keepOffline,
    }),

  /** The expanded grid of a category ('all' with a name is the search), GRID_PAGE at a time. */
  grid: (lang: Lang, audience: Audience, category: 'all' | number, name: string) =>
    infiniteQueryOptions({
      queryKey: name ? ([...catalogueQueries.searchScope(lang, audience), category, name] as const) : ([...catalogueQueries.scope(lang, audience), 'grid', category, name] as const),
      queryFn: ({ pageParam, signal }): Promise<BrandPage> =>
        fetchBrands({ audience, lang, category, name, limit: GRID_PAGE, offset: pageParam, signal }),
      initialPageParam: 0,
      getNextPageParam: (_last, pages) => nextGridOffset(pages),
      staleTime: STALE,
      // Search grids are many and short-lived: keep them only briefly.
      ...(name ? { gcTime: 1000 * 60 * 5 } : keepOffline),
    }),

  /** Primary brands (the gift-card tile and /gift-card without a brand). */
  primary: (lang: Lang, audience: Audience) =>
    queryOptions({
      queryKey: [...catalogueQueries.scope(lang, audience), 'primary'] as const,
      queryFn: ({ signal }) =>
        fetchBrands({ audience, lang, category: 'all', limit: 36, offset: 0, primary: true, signal }).then((p) => keepCopyTime(p, p.results)),
      staleTime: STALE,
      ...keepOffline,
    }),

  brand: (lang: Lang, audience: Audience, id: number) =>
    queryOptions({
      queryKey: [...catalogueQueries.scope(lang, audience), 'brand', id] as const,
      queryFn: ({ signal }) => fetchBrandById(audience, id, signal),
      staleTime: STALE,
      ...keepOffline,
    }),

  brandByName: (lang: Lang, audience: Audience, name: string, country: string | undefined) =>
    queryOptions({
      queryKey: [...catalogueQueries.scope(lang, audience), 'by-name', name, country ?? ''] as const,
      queryFn: ({ signal }) => fetchBrandByName(audience, name, country, signal),
      staleTime: STALE,
      ...keepOffline,
    }),

  favorites: () =>
    queryOptions({
      queryKey: ['favorites', 'list'] as const,
      queryFn: ({ signal }) => fetchFavorites(signal),
      staleTime: 1000 * 30,
      ...keepOffline,
    }),
};
