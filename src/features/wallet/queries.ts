/**
 * Wallet query options. The list (list-query.ts, in the entry for the boot prefetch) is kept for
 * offline starts; single cards are a `select` view of the list.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError } from '../../lib/http';
import { keepOffline } from '../../offline/keep-offline';
import { fetchBalanceEvents, fetchOrderStatus } from './api';
import { WALLET_KEY, walletListQuery } from './list-query';
import { ORDER_POLL_MS } from './wallet-logic';

export const walletQueries = {
  all: () => WALLET_KEY,
  list: walletListQuery,
  /** Addition: one card's balance history; kept with the list so it shows offline. */
  events: (walletId: number) =>
    queryOptions({
      queryKey: [...walletQueries.all(), 'events', walletId] as const,
      queryFn: ({ signal }) => fetchBalanceEvents(walletId, signal),
      staleTime: 1000 * 30,
      ...keepOffline,
    }),
  /** Order readiness after a payment return: every 3000 ms until ready; stops on 409/404. */
  order: (orderId: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(), 'order', orderId] as const,
      queryFn: ({ signal }) => fetchOrderStatus(orderId, signal),
      refetchInterval: (query) => {
        if (query.state.data?.ready) return false;
        const e = query.state.error;
        if (e instanceof ApiRequestError && (e.status === 409 || e.status === 404)) return false;
        return ORDER_POLL_MS; // network trouble: keep asking
      },
      retry: (count, err) => !(err instanceof ApiRequestError && (err.status === 409 || err.status === 404)) && count < 3,
      staleTime: 0,
      gcTime: 0,
    }),
};
