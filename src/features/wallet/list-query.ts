/**
 * The wallet list's query, in the entry: a start on '#/wallet…' asks for `/wallet/me` as soon as the
 * session is read (src/app/routes.tsx, boot prefetch), in parallel with the wallet's chunks instead of
 * after them. Kept for offline starts (the card at the counter in airplane mode). The screen sorts
 * what it shows (wallet-logic.ts), so the cache holds the server's order.
 */
import { queryOptions } from '@tanstack/react-query';
import type { WalletItem } from '@contract/types';
import { request } from '../../lib/http';
import { keepOffline } from '../../offline/keep-offline';

export const WALLET_KEY = ['wallet'] as const;

export const walletListQuery = () =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'list'] as const,
    queryFn: ({ signal }) => request<WalletItem[] | null>('/wallet/me', { signal }).then((items) => items ?? []),
    staleTime: 1000 * 30,
    ...keepOffline,
  });
