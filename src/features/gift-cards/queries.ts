/**
 * Purchases (gift-card orders) query options, kept for offline starts. The account menu and the wallet
 * use the list too: their Purchases entries show only once a server has answered it (an older server
 * without orders answers 404, and the entries stay hidden).
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Order, Paged } from '@contract/types';
import { nextPageOffset } from '../../lib/paging';
import { keepOffline } from '../../offline/keep-offline';
import { fetchOrder, fetchOrders, PURCHASES_PAGE_SIZE } from './api';

export const purchaseQueries = {
  all: () => ['purchases'] as const,
  /** Pages of 20, newest first; 'Load more' fetches the next page. */
  list: () =>
    infiniteQueryOptions({
      queryKey: [...purchaseQueries.all(), 'list'] as const,
      queryFn: ({ pageParam, signal }) => fetchOrders(pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (_last: Paged<Order>, pages: Paged<Order>[]) => nextPageOffset(pages, PURCHASES_PAGE_SIZE),
      staleTime: 1000 * 30,
      ...keepOffline,
    }),
  /** One receipt; starts from the list's copy when there is one. */
  order: (id: number) =>
    queryOptions({
      queryKey: [...purchaseQueries.all(), 'order', id] as const,
      queryFn: ({ signal }) => fetchOrder(id, signal),
      staleTime: 1000 * 30,
      ...keepOffline,
    }),
};

/** The order as the (cached) list last saw it, to show a receipt at once. */
export function orderFromList(qc: QueryClient, id: number): Order | undefined {
  const data = qc.getQueryData<InfiniteData<Paged<Order>>>(purchaseQueries.list().queryKey);
  return data?.pages.flatMap((p) => p.results).find((o) => o.id === id);
}

/** Puts an order the server just answered into its receipt and the (cached) list, so both show it at once. */
export function putOrder(qc: QueryClient, order: Order): void {
  qc.setQueryData(purchaseQueries.order(order.id).queryKey, order);
  qc.setQueryData(purchaseQueries.list().queryKey, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, results: p.results.map((o) => (o.id === order.id ? order : o)) })) } : data,
  );
}
