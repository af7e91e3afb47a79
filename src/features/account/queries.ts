import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { nextPageOffset } from '../../lib/paging';
import type { Lang } from '../../lib/i18n';
import { keepOffline } from '../../offline/keep-offline';
import { fetchDevices, fetchInterests } from './api';
import { fetchInbox, fetchNotificationSettings, INBOX_PAGE_SIZE } from './notifications-api';

export const accountQueries = {
  /** The interests a user can choose from (they change rarely). */
  interests: () =>
    queryOptions({ queryKey: ['interests'] as const, queryFn: ({ signal }) => fetchInterests(signal), staleTime: 1000 * 60 * 60 }),
  /** The signed-in devices (never kept offline: the list must be the server's now). */
  devices: () => queryOptions({ queryKey: ['devices'] as const, queryFn: ({ signal }) => fetchDevices(signal), staleTime: 0 }),
};

export const notificationQueries = {
  all: () => ['notifications'] as const,
  /** The switches and whether this device is subscribed. */
  settings: () =>
    queryOptions({ queryKey: [...notificationQueries.all(), 'settings'] as const, queryFn: ({ signal }) => fetchNotificationSettings(signal), staleTime: 0 }),
  /** The inbox in a language (the server writes the texts), newest first, a page at a time; kept for offline starts. */
  inbox: (lang: Lang) =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.all(), 'inbox', lang] as const,
      queryFn: ({ pageParam, signal }) => fetchInbox(lang, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (_last, pages) => nextPageOffset(pages, INBOX_PAGE_SIZE),
      staleTime: 30_000,
      ...keepOffline,
    }),
};
