import { queryOptions } from '@tanstack/react-query';
import { fetchInterests } from './api';

export const accountQueries = {
  /** The interests a user can choose from (they change rarely). */
  interests: () =>
    queryOptions({ queryKey: ['interests'] as const, queryFn: ({ signal }) => fetchInterests(signal), staleTime: 1000 * 60 * 60 }),
};
