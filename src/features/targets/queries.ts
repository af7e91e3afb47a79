/**
 * Stable keys for the persisted cache. ['targets'] and ['projects'] are shared with My Impact
 * (same key, same fetch, same shape); selection changes are written through the offline outbox.
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchProject, fetchProjects, fetchSelectedTargets } from './api';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export const targetQueries = {
  selected: () =>
    queryOptions({ queryKey: ['targets'], queryFn: ({ signal }) => fetchSelectedTargets(signal), gcTime: WEEK_MS, staleTime: 0 }),
  projects: () =>
    queryOptions({ queryKey: ['projects'], queryFn: ({ signal }) => fetchProjects(signal), gcTime: WEEK_MS }),
  project: (id: number) =>
    queryOptions({ queryKey: ['projects', id], queryFn: ({ signal }) => fetchProject(id, signal), gcTime: WEEK_MS }),
};
