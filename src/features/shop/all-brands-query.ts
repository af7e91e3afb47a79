/**
 * The whole catalogue in the shop's order, for sorting and filtering on the device (the deals panel and
 * the Highest rewards row). The server pages brands (at most 200 a page) and only orders them by name,
 * so the app puts them in the shop's order (shopOrder: "Recommended") and sorts them itself: that works offline on the saved copy and against any server. Under the
 * catalogue scope, so it is kept for offline starts and goes with the rest of the catalogue. Only the
 * lazy deals chunk imports this (not the shop's first-paint JS).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Brand } from '@contract/types';
import { fetchBrands, type Audience } from '../../lib/catalogue/api';
import { uniqueBrands, type Lang } from '../../lib/catalogue/catalogue-logic';
import { catalogueQueries } from '../../lib/catalogue/queries';
import { shopOrder } from './deal-logic';
import { keepCopyTime } from '../../offline/copy-age';
import { keepOffline } from '../../offline/keep-offline';
import type { TileBrand } from '../../ui/brand-tile';

/** The server's largest page. */
export const ALL_BRANDS_PAGE = 200;
/**
 * At most this many pages (1,000 brands; the catalogue has a few hundred): a larger one is sorted over
 * its first 1,000, and the panel says so. It is downloaded whole and kept in the saved query cache.
 */
export const ALL_BRANDS_MAX_PAGES = 5;

/** What a tile shows (and the sort needs): the descriptions, the bulk of a brand, are not kept. */
export type SlimBrand = TileBrand & Pick<Brand, 'is_primary'>;

function slim(b: Brand): SlimBrand {
  return {
    id: b.id, name: b.name, name_nld: b.name_nld, photo: b.photo, logo: b.logo,
    hide_background_image: b.hide_background_image, hide_logo: b.hide_logo, hide_name: b.hide_name, site: b.site,
    giftcard_percent: b.giftcard_percent, giftcard_type: b.giftcard_type, commission_currency: b.commission_currency,
    is_favorite: b.is_favorite, is_primary: b.is_primary,
  };
}

export interface AllBrands {
  brands: SlimBrand[];
  /** The catalogue's size by the server (more than brands.length when it was cut at the cap). */
  total: number;
}

export async function fetchAllBrands(lang: Lang, audience: Audience, signal?: AbortSignal): Promise<AllBrands> {
  const page = (offset: number) => fetchBrands({ audience, lang, category: 'all', limit: ALL_BRANDS_PAGE, offset, signal });
  const first = await page(0);
  const total = first.metadata.total;
  const pages = Math.min(ALL_BRANDS_MAX_PAGES, Math.ceil(total / ALL_BRANDS_PAGE));
  // The rest in parallel: the first answer says how many there are.
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page((i + 1) * ALL_BRANDS_PAGE)));
  return keepCopyTime(first, { brands: shopOrder(uniqueBrands([first.results, ...rest.map((p) => p.results)])).map(slim), total });
}

export const allBrandsQuery = (lang: Lang, audience: Audience) =>
  queryOptions({
    // 'shop-order': copies saved before the brands were kept in the shop's order are not reused.
    queryKey: [...catalogueQueries.scope(lang, audience), 'all-brands', 'shop-order'] as const,
    queryFn: ({ signal }) => fetchAllBrands(lang, audience, signal),
    staleTime: 1000 * 60 * 5,
    ...keepOffline,
  });
