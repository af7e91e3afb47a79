/**
 * Wallet query options. ['wallet', 'list'] is persisted by the PWA (offline starts, the card at the
 * counter in airplane mode), so its gcTime is a week. Single cards are a `select` view of the list.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError } from '../../lib/http';
import { fetchOrderStatus, fetchWallet } from './api';
import { ORDER_POLL_MS, sortWallet } from './wallet-logic';

export const WALLET_GC = 1000 * 60 * 60 * 24 * 7;

export const walletQueries = {
  all: () => ['wallet'] as const,
  list: () =>
    queryOptions({
      queryKey: ['wallet', 'list'] as const,
      queryFn: ({ signal }) => fetchWallet(signal).then((items) => sortWallet(items ?? [])),
      staleTime: 1000 * 30,
      gcTime: WALLET_GC,
    }),
  /** Order readiness after a payment return: every 3000 ms until ready; stops on 409/404. */
  order: (orderId: string) =>
    queryOptions({
      queryKey: ['wallet', 'order', orderId] as const,
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
