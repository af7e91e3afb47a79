/**
 * The share target's one server call: brands by a shop page's host (an addition to the API, so a
 * server without it answers 404 and a share then shows the no-match state). Its answers are filed
 * in the catalogue's scope and kept offline, so a host looked up once is found offline later.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Brand, Paged } from '@contract/types';
import { countryFilter } from '../../lib/catalogue/api';
import type { Lang } from '../../lib/catalogue/catalogue-logic';
import { catalogueQueries } from '../../lib/catalogue/queries';
import { request } from '../../lib/http';
import { keepOffline } from '../../offline/keep-offline';

export const shareQueries = {
  /** Most specific site first; not retried: a share waits for it, and without it shows no match. */
  bySite: (lang: Lang, host: string) =>
    queryOptions({
      queryKey: [...catalogueQueries.scope(lang, 'visitor'), 'by-site', host] as const,
      queryFn: ({ signal }) =>
        request<Paged<Brand>>(`/site/corporate-partners/by-site/${encodeURIComponent(host)}`, {
          auth: 'none', // public; offline it fails at once instead of asking for a visitor token first
          signal,
          query: { 'filter[country]': countryFilter(lang) },
        }).then((p) => p.results),
      staleTime: 1000 * 60 * 5,
      retry: false,
      ...keepOffline,
    }),
};
