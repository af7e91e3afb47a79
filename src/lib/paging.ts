/** Load-more paging by offset (the contract's `limit`/`offset` lists). */
import type { Paged } from '@contract/types';

/** The next page's offset while the last page came back full and the server says more remain. */
export function nextPageOffset(pages: readonly Paged<unknown>[], pageSize: number): number | undefined {
  const last = pages[pages.length - 1];
  const loaded = pages.reduce((n, p) => n + p.results.length, 0);
  return last && last.results.length === pageSize && loaded < last.metadata.total ? loaded : undefined;
}
