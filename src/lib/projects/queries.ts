/**
 * Query options shared by My Impact, Set Target and Transactions: one key, one fetch, one shape each.
 * Keys are stable for the persisted cache (gcTime 7 days, so a saved copy survives until the next start);
 * selection changes are written through the offline outbox.
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchProject, fetchProjects, fetchSelectedTargets } from './api';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export const projectQueries = {
  /** The user's selected reward targets (SPEC: at most 2). */
  selectedTargets: () =>
    queryOptions({ queryKey: ['targets'], queryFn: ({ signal }) => fetchSelectedTargets(signal), gcTime: WEEK_MS, staleTime: 0 }),
  list: () =>
    queryOptions({ queryKey: ['projects'], queryFn: ({ signal }) => fetchProjects(signal), gcTime: WEEK_MS }),
  detail: (id: number) =>
    queryOptions({ queryKey: ['projects', id], queryFn: ({ signal }) => fetchProject(id, signal), gcTime: WEEK_MS }),
};
