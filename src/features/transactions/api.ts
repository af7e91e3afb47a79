import { request } from '../../lib/http';
import type { Paged, Transaction } from '@contract/types';

export const TRANSACTIONS_PAGE_SIZE = 10;

export function fetchTransactions(offset: number, signal?: AbortSignal): Promise<Paged<Transaction>> {
  return request<Paged<Transaction>>('/user-loyalty-transactions', {
    query: { limit: TRANSACTIONS_PAGE_SIZE, offset },
    signal,
  });
}
