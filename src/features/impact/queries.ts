/**
 * Query options for My Impact, all kept for offline starts. The selected targets and the projects
 * come from src/lib/projects/queries.ts (shared with Set Target).
 */
import { queryOptions } from '@tanstack/react-query';
import { keepOffline } from '../../offline/keep-offline';
import { followRewards, followRewardsOnShow } from '../../lib/follow-rewards';
import { transactionQueries } from '../transactions/queries';
import { fetchAllTransactions, fetchContributions, fetchSavings } from './api';

export const impactQueries = {
  /** Every year's savings. */
  allSavings: () => ['savings'] as const,
  savings: (year: number) =>
    queryOptions({ queryKey: [...impactQueries.allSavings(), year] as const, queryFn: ({ signal }) => fetchSavings(year, signal), ...keepOffline, ...followRewardsOnShow }),
  contributions: () =>
    queryOptions({ queryKey: ['contributions'] as const, queryFn: ({ signal }) => fetchContributions(signal), ...keepOffline, ...followRewardsOnShow }),
  /** Every transaction at once (the totals per project); under the transactions root, so a new one refreshes it. */
  allTransactions: () =>
    queryOptions({
      queryKey: [...transactionQueries.all(), 'all'] as const,
      queryFn: ({ signal }) => fetchAllTransactions(signal),
      ...keepOffline,
      ...followRewards,
    }),
};
