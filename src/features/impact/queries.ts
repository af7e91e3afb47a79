/**
 * Query options for My Impact. Keys are stable because the query cache is persisted for offline
 * use; gcTime is 7 days so a persisted copy survives until the next start.
 * ['targets'] and ['projects'] are shared with the targets feature: same key, same fetch, same shape.
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchAllTransactions, fetchContributions, fetchProject, fetchProjects, fetchSavings, fetchSelectedTargets } from './api';

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export const impactQueries = {
  savings: (year: number) =>
    queryOptions({ queryKey: ['savings', year], queryFn: ({ signal }) => fetchSavings(year, signal), gcTime: WEEK_MS }),
  contributions: () =>
    queryOptions({ queryKey: ['contributions'], queryFn: ({ signal }) => fetchContributions(signal), gcTime: WEEK_MS }),
  targets: () =>
    queryOptions({ queryKey: ['targets'], queryFn: ({ signal }) => fetchSelectedTargets(signal), gcTime: WEEK_MS, staleTime: 0 }),
  allTransactions: () =>
    queryOptions({ queryKey: ['transactions', 'all'], queryFn: ({ signal }) => fetchAllTransactions(signal), gcTime: WEEK_MS }),
  projects: () =>
    queryOptions({ queryKey: ['projects'], queryFn: ({ signal }) => fetchProjects(signal), gcTime: WEEK_MS }),
  project: (id: number) =>
    queryOptions({ queryKey: ['projects', id], queryFn: ({ signal }) => fetchProject(id, signal), gcTime: WEEK_MS }),
};
