import { request } from '../../lib/http';
import type { DonateResponse, Paged, SavingsSummary, Transaction } from '@contract/types';
import type { ContributionPayload } from './contributions';

export function fetchSavings(year: number, signal?: AbortSignal): Promise<SavingsSummary> {
  return request<SavingsSummary>('/user-saving', { query: { 'filter[year]': year }, signal });
}

export function fetchContributions(signal?: AbortSignal): Promise<ContributionPayload> {
  return request<ContributionPayload>('/contribution', { signal });
}

/** Step 3 of the contribution list: every transaction (limit 1000, offset 0). */
export function fetchAllTransactions(signal?: AbortSignal): Promise<Paged<Transaction>> {
  return request<Paged<Transaction>>('/user-loyalty-transactions', { query: { limit: 1000, offset: 0 }, signal });
}

export function donate(projectId: number, amount: number): Promise<DonateResponse> {
  return request<DonateResponse>(`/project/${projectId}/donate`, { method: 'POST', body: { amount } });
}
