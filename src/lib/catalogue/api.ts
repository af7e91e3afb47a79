/**
 * Catalogue calls (brands, categories, favourites). Visitors use the public /site endpoints (no token
 * unless the server asks for one: auth 'public' in lib/http.ts); signed-in users the user endpoints
 * (they carry is_favorite). Dutch mode sends filter[country]=NLD.
 * Shared by the shop, brands, favorites and gift-cards features (with queries.ts), so it lives in lib.
 */
import type { Brand, BrandPage, Category, Paged } from '@contract/types';
import { request } from '../http';
import type { Lang } from './catalogue-logic';
import { CATEGORIES_PATH } from './categories-path';

export type Audience = 'user' | 'visitor';

const siteAuth = (audience: Audience) => (audience === 'user' ? 'user' : 'public');

export function countryFilter(lang: Lang): string | undefined {
  return lang === 'nl' ? 'NLD' : undefined;
}

/** One public list for everyone (categories-path.ts); the audience stays in the query key only. */
export function fetchCategories(_audience: Audience, signal?: AbortSignal): Promise<Paged<Category>> {
  return request<Paged<Category>>(CATEGORIES_PATH, { auth: 'public', signal });
}

export interface BrandListParams {
  audience: Audience;
  lang: Lang;
  /** 'all' or a category id. */
  category: 'all' | number;
  limit: number;
  offset: number;
  name?: string;
  primary?: boolean;
  signal?: AbortSignal;
}

export function fetchBrands(p: BrandListParams): Promise<BrandPage> {
  const path =
    p.audience === 'user' ? `/corporate-partners/category/${p.category}` : `/site/corporate-partners/${p.category}`;
  return request<BrandPage>(path, {
    auth: siteAuth(p.audience),
    signal: p.signal,
    query: {
      limit: p.limit,
      offset: p.offset,
      'filter[name]': p.name || undefined,
      'filter[country]': countryFilter(p.lang),
      'filter[primary]': p.primary ? 1 : undefined,
    },
  });
}

export function fetchBrandById(audience: Audience, id: number, signal?: AbortSignal): Promise<Brand> {
  return request<Brand>(audience === 'user' ? `/corporate-partners/${id}` : `/site/corporate-partners/by-id/${id}`, {
    auth: siteAuth(audience),
    signal,
  });
}

export function fetchBrandByName(
  audience: Audience,
  name: string,
  country: string | undefined,
  signal?: AbortSignal,
): Promise<Brand> {
  const enc = encodeURIComponent(name);
  return request<Brand>(audience === 'user' ? `/corporate-partners/by-name/${enc}` : `/site/corporate-partners/by-name/${enc}`, {
    auth: siteAuth(audience),
    signal,
    query: { 'filter[country]': country || undefined },
  });
}

export function fetchFavorites(signal?: AbortSignal): Promise<Paged<Brand>> {
  return request<Paged<Brand>>('/corporate-partners/favorites', { query: { limit: 200, offset: 0 }, signal });
}
