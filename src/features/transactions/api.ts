import { request } from '../../lib/http';
import type { Paged, Project, Transaction } from '../../../server/contract/types';

export const TRANSACTIONS_PAGE_SIZE = 10;

export function fetchTransactions(offset: number, signal?: AbortSignal): Promise<Paged<Transaction>> {
  return request<Paged<Transaction>>('/user-loyalty-transactions', {
    query: { limit: TRANSACTIONS_PAGE_SIZE, offset },
    signal,
  });
}

/** Same call and shape as the ['projects'] query of the impact and targets features (shared cache key). */
export function fetchProjects(signal?: AbortSignal): Promise<Paged<Project>> {
  return request<Paged<Project>>('/project', { query: { limit: 200, offset: 0 }, signal });
}
