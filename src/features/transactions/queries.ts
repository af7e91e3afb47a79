import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { nextPageOffset } from '../../lib/paging';
import { projectQueries } from '../../lib/projects/queries';
import { keepOffline } from '../../offline/keep-offline';
import { followRewards, followRewardsOnShow } from '../../lib/follow-rewards';
import { fetchTransaction, fetchTransactions, fetchTrip, fetchTrips, TRANSACTIONS_PAGE_SIZE } from './api';

export const transactionQueries = {
  /** Every transaction query (this list and My Impact's totals). */
  all: () => ['transactions'] as const,
  /** Pages of 10; 'Load more' fetches the next page. Kept for offline starts. */
  list: () =>
    infiniteQueryOptions({
      queryKey: [...transactionQueries.all(), 'list'] as const,
      queryFn: ({ pageParam, signal }) => fetchTransactions(pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (_last, pages) => nextPageOffset(pages, TRANSACTIONS_PAGE_SIZE),
      ...keepOffline,
      ...followRewards,
    }),
  /** Addition: one transaction, for a detail opened without the list (a link, a reload). */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...transactionQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => fetchTransaction(id, signal),
      retry: false,
      ...keepOffline,
      ...followRewardsOnShow,
    }),
  /** Unit names for donations. */
  projects: projectQueries.list,
};

export const tripQueries = {
  all: () => ['trips'] as const,
  /** Addition: the shopping trips; a server without them answers 404 and the app hides them. */
  list: () =>
    queryOptions({
      queryKey: [...tripQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => fetchTrips(signal),
      retry: false,
      staleTime: 30_000,
      ...keepOffline,
      ...followRewards,
    }),  /** Addition: one trip, opened from a claim's message when the list's latest do not hold it. */
  one: (id: number) =>
    queryOptions({
      queryKey: [...tripQueries.all(), 'one', id] as const,
      queryFn: ({ signal }) => fetchTrip(id, signal),
      retry: false,
      ...keepOffline,
    }),
};
