/**
 * Where a share (Share → SocialPay) leads: the detail screen of the brand whose site is the shared
 * page's host, else the shop search with the host filled in (the no-match state, `?shared=host`;
 * `?shared=` when nothing shared was a link; `&unchecked=1` when offline and the host is not saved). The saved catalogue is searched first, so a share
 * works offline; only a host it does not know is asked of the server. Loaded by the share route
 * (src/app/routes.tsx) when a share opens the app.
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { Brand } from '@contract/types';
import { countryFilter, type Audience } from '../../lib/catalogue/api';
import type { Lang } from '../../lib/catalogue/catalogue-logic';
import { cachedBrands } from '../../lib/catalogue/local-search';
import { catalogueQueries } from '../../lib/catalogue/queries';
import { ApiRequestError } from '../../lib/http';
import { isLang } from '../../lib/i18n';
import { withLang } from '../../lib/paths';
import { isSignedIn } from '../../lib/session';
import { shareQueries } from './queries';
import { pickBrandForHost, sharedHost } from './shared-link';

/** The server's brand for `host`; 'unreachable' when it could not be asked (offline), so nobody is told "no partner" unchecked. */
async function serverBrand(qc: QueryClient, lang: Lang, host: string): Promise<Brand | null | 'unreachable'> {
  try {
    return pickBrandForHost(await qc.fetchQuery(shareQueries.bySite(lang, host)), host, countryFilter(lang));
  } catch (err) {
    // A server without the endpoint (404) or refusing the host: no match. No answer at all: unknown.
    return err instanceof ApiRequestError && err.kind !== 'network_error' ? null : 'unreachable';
  }
}

/** The app path (without language prefix) a share opens; `search` is the share route's query string. */
export async function shareTargetPath(qc: QueryClient, lang: Lang, audience: Audience, search: string): Promise<string> {
  const shared = new URLSearchParams(search);
  const host = sharedHost({ url: shared.get('url'), text: shared.get('text'), title: shared.get('title') });
  if (!host) return '/?shared=';
  const brand = pickBrandForHost(cachedBrands(qc, [catalogueQueries.all(), catalogueQueries.favorites().queryKey]).values(), host, countryFilter(lang)) ?? (await serverBrand(qc, lang, host));
  if (brand === 'unreachable') return `/?shared=${host}&unchecked=1`;
  if (!brand) return `/?shared=${host}`;
  // The detail screen shows it at once, offline too; marked stale, it is fetched again when it can be.
  const detail = catalogueQueries.brand(lang, audience, brand.id).queryKey;
  if (qc.getQueryData(detail) === undefined) qc.setQueryData(detail, brand, { updatedAt: 0 });
  return `/corporate/${brand.id}`;
}

/** The share route's beforeLoad: on to the brand or the shop search, replacing the share's address. */
export async function shareRedirect(ctx: { context: { queryClient: QueryClient }; params: unknown; location: { searchStr: string } }): Promise<never> {
  const param = (ctx.params as { lang?: string }).lang;
  const lang = isLang(param) ? param : 'en';
  const path = await shareTargetPath(ctx.context.queryClient, lang, isSignedIn() ? 'user' : 'visitor', ctx.location.searchStr);
  throw redirect({ href: withLang(path, lang), replace: true });
}
