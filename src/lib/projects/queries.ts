/**
 * Query options shared by My Impact, Set Target and Transactions: one key, one fetch, one shape each,
 * all kept for offline starts. Selection changes are written through the offline outbox.
 */
import { queryOptions } from '@tanstack/react-query';
import { keepOffline } from '../../offline/keep-offline';
import { fetchProject, fetchProjects, fetchSelectedTargets } from './api';

export const projectQueries = {
  /** Every project query (the list and each detail). */
  all: () => ['projects'] as const,
  /** The user's selected reward targets (at most 2). */
  selectedTargets: () =>
    queryOptions({ queryKey: ['targets'] as const, queryFn: ({ signal }) => fetchSelectedTargets(signal), ...keepOffline, staleTime: 0 }),
  list: () => queryOptions({ queryKey: projectQueries.all(), queryFn: ({ signal }) => fetchProjects(signal), ...keepOffline }),
  detail: (id: number) =>
    queryOptions({ queryKey: [...projectQueries.all(), id] as const, queryFn: ({ signal }) => fetchProject(id, signal), ...keepOffline }),
};
