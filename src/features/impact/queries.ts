/**
 * Query options for My Impact. Keys are stable because the query cache is persisted for offline
 * use; gcTime is 7 days so a persisted copy survives until the next start.
 * The selected targets and the projects come from src/lib/projects/queries.ts (shared with Set Target).
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchAllTransactions, fetchContributions, fetchSavings } from './api';

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export const impactQueries = {
  savings: (year: number) =>
    queryOptions({ queryKey: ['savings', year], queryFn: ({ signal }) => fetchSavings(year, signal), gcTime: WEEK_MS }),
  contributions: () =>
    queryOptions({ queryKey: ['contributions'], queryFn: ({ signal }) => fetchContributions(signal), gcTime: WEEK_MS }),
  allTransactions: () =>
    queryOptions({ queryKey: ['transactions', 'all'], queryFn: ({ signal }) => fetchAllTransactions(signal), gcTime: WEEK_MS }),
};
