import { infiniteQueryOptions } from '@tanstack/react-query';
import { projectQueries } from '../../lib/projects/queries';
import { keepOffline } from '../../offline/keep-offline';
import { fetchTransactions, TRANSACTIONS_PAGE_SIZE } from './api';

export const transactionQueries = {
  /** Every transaction query (this list and My Impact's totals). */
  all: () => ['transactions'] as const,
  /** Pages of 10; 'Load more' fetches the next page. Kept for offline starts. */
  list: () =>
    infiniteQueryOptions({
      queryKey: [...transactionQueries.all(), 'list'] as const,
      queryFn: ({ pageParam, signal }) => fetchTransactions(pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((n, p) => n + p.results.length, 0);
        return last.results.length === TRANSACTIONS_PAGE_SIZE && loaded < last.metadata.total ? loaded : undefined;
      },
      ...keepOffline,
    }),
  /** Unit names for donations. */
  projects: projectQueries.list,
};
