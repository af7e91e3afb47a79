/**
 * Boot prefetch: the first screenful's data starts loading as soon as the session has been read, in
 * parallel with the boot translations, the opening screen's chunk and the saved query cache, instead
 * of when the components mount after the first render. It uses the screens' own query options (same
 * keys, same functions), so nothing is fetched twice: a component that mounts later finds the data,
 * or the request in flight, in the cache.
 *
 * - The shop page, when it is seen at the start (src/app/shop-mount.ts): categories, then the rows that fit in the first
 *   viewport (each row's IntersectionObserver still loads the ones further down), the primary brands
 *   (the gift-card tile) and, signed in, the Favorites row. A visitor's requests wait for no token:
 *   the public catalogue goes without one (auth 'public' in src/lib/http.ts).
 * - The opening screen's data: its route's `staticData.prefetch` in src/app/routes.tsx (the wallet list
 *   for '#/wallet...').
 *
 * Offline too: the requests then go to the service worker, which answers from its IndexedDB copies
 * (sw/api-cache.ts) while the saved query cache is still being restored. Without this, an offline
 * start whose saved cache lacks the first screen (a new build drops it; a page closed before the
 * throttled save) asked the worker only after the first render had mounted the screen.
 *
 * A start of the installed app (the worker serves the page) has most of this saved: main.tsx calls it
 * after the saved cache is restored, and it asks only for what the restore did not bring (the screens
 * refresh what they show once they mount). Asked anew, the answers were read and stored a second time
 * before the first render (offline first tile 504 → 459 ms, first wallet card 716 → 627 ms, A/B).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Brand } from '@contract/types';
import { catalogueQueries } from '../lib/catalogue/queries';
import { fetchTilePhotoEarly, tilePhoto } from '../ui/brand-tile';
import { HIGH_TILES } from '../features/shop/tile-load';
import type { Lang } from '../lib/i18n';
import type { BootLoad } from './routes';
import { screenDataForPath } from './screens';

/** A category row's height (title, tiles and the gap to the next row) is about this many CSS px. */
export const ROW_PX = 240;

/** How many category rows can be on screen at the start: the rows the shop asks for first anyway. */
export function rowsInFirstViewport(viewportHeight: number, categories: number): number {
  return Math.min(categories, Math.max(1, Math.ceil(viewportHeight / ROW_PX)));
}

export interface FirstScreen {
  lang: Lang;
  signedIn: boolean;
  /** The opening path without the language prefix, e.g. '/wallet'. */
  path: string;
  viewportHeight: number;
  /** Whether the shop page is built at the start (not under a phone's full-screen screen). */
  shop: boolean;
  /** Served by the app's worker: only what the saved cache lacks is asked for; and the photos are in
   *  the worker's cache, so fetching them ahead of the render would only move their decoding in front of it. */
  installed?: boolean;
}

/** The first row's high-priority photos (tile-load.ts), fetched while React renders the rows. */
function fetchFirstPhotos(brands: Brand[]): void {
  for (const brand of brands.slice(0, HIGH_TILES)) {
    const url = tilePhoto(brand);
    if (url) fetchTilePhotoEarly(url);
  }
}

export function prefetchFirstScreen(queryClient: QueryClient, first: FirstScreen): void {
  const audience = first.signedIn ? 'user' : 'visitor';
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  const photos = first.installed ? () => undefined : fetchFirstPhotos;
  const load: BootLoad = first.installed ? (options) => queryClient.ensureQueryData(options) : (options) => queryClient.fetchQuery(options);
  const screen = first.signedIn ? screenDataForPath(first.path)?.prefetch : undefined;
  if (screen) quiet(screen(load));
  if (!first.shop) {
    // Under a phone's full-screen screen the shop is not built yet, but index.html preloaded its
    // categories: taken now (no second request), the shop has them when the screen closes, and the
    // browser does not warn of a preload left unused.
    if (!first.installed) quiet(load(catalogueQueries.categories(first.lang, audience)));
    return;
  }
  // Categories first: the rows (and the largest images on the page) wait for them.
  quiet(
    load(catalogueQueries.categories(first.lang, audience)).then((categories) => {
      const rows = rowsInFirstViewport(first.viewportHeight, categories.length);
      categories.slice(0, rows).forEach((c, i) => {
        const row = load(catalogueQueries.row(first.lang, audience, c.id));
        // A visitor's first row is the page's first: its first photos are the largest paint.
        quiet(i === 0 && !first.signedIn ? row.then((r) => photos(r.brands)) : row);
      });
    }),
  );
  // Signed in, the Favorites row comes first.
  if (first.signedIn) quiet(load(catalogueQueries.favorites()).then((p) => photos(p.results)));
  quiet(load(catalogueQueries.primary(first.lang, audience)));
}
