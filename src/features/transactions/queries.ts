import { infiniteQueryOptions } from '@tanstack/react-query';
import { projectQueries } from '../../lib/projects/queries';
import { fetchTransactions, TRANSACTIONS_PAGE_SIZE } from './api';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export const transactionQueries = {
  /** Pages of 10 (SPEC §9); 'Load more' fetches the next page. Key stable for the persisted cache. */
  list: () =>
    infiniteQueryOptions({
      queryKey: ['transactions', 'list'],
      queryFn: ({ pageParam, signal }) => fetchTransactions(pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((n, p) => n + p.results.length, 0);
        return last.results.length === TRANSACTIONS_PAGE_SIZE && loaded < last.metadata.total ? loaded : undefined;
      },
      gcTime: WEEK_MS,
    }),
  /** Unit names for donations. */
  projects: projectQueries.list,
};
