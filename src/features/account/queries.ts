import { queryOptions } from '@tanstack/react-query';
import { fetchDevices, fetchInterests } from './api';

export const accountQueries = {
  /** The interests a user can choose from (they change rarely). */
  interests: () =>
    queryOptions({ queryKey: ['interests'] as const, queryFn: ({ signal }) => fetchInterests(signal), staleTime: 1000 * 60 * 60 }),
  /** The signed-in devices (never kept offline: the list must be the server's now). */
  devices: () => queryOptions({ queryKey: ['devices'] as const, queryFn: ({ signal }) => fetchDevices(signal), staleTime: 0 }),
};
