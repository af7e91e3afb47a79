/**
 * The deals chunk (sort and filter panel, Highest rewards row, recent searches) with its `deals` texts,
 * loaded on demand: the first tap of "Sort & filter", the search field's focus, the row coming near
 * the screen, or a search to remember. Nothing of it is in the shop's first-paint JS.
 */
import { loadNamespaces } from '../../lib/i18n';
import { lazyPart } from '../../offline/lazy-part';

let chunk: Promise<typeof import('./deals-entry')> | null = null;

function load() {
  chunk ??= Promise.all([import('./deals-entry'), loadNamespaces(['deals'])]).then(([m]) => m);
  chunk.catch(() => (chunk = null)); // a failed load may be retried
  return chunk;
}

export const LazyDeals = lazyPart(() => load().then((m) => m.DealsPart));

/** Remembers a search on this device (recent searches). */
export function rememberSearchLater(text: string): void {
  if (text) load().then((m) => m.rememberSearch(text), () => undefined);
}
