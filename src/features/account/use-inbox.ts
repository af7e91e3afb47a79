// The inbox as the app shows it: the saved list (offline too) with the read marks still in the
// outbox applied, its unread count, and marking one read (shown at once, sent through the outbox).
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxPage } from '@contract/types';
import { useLang } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { queueChange, usePendingChanges } from '../../offline/outbox';
import { markAllNotificationsRead } from './notifications-api';
import { notificationQueries } from './queries';

export function useInbox() {
  const lang = useLang();
  const qc = useQueryClient();
  const { userId } = useSession();
  const inbox = useQuery({ ...notificationQueries.inbox(lang), enabled: userId != null });
  const pending = usePendingChanges();
  const readIds = new Set(pending.flatMap((c) => (c.kind === 'notification-read' ? [c.notificationId] : [])));
  const items = (inbox.data?.results ?? []).map((n) => (readIds.has(n.id) ? { ...n, read: true } : n));
  // The server's count, less the ones marked read here whose marks are still in the outbox.
  const unread = Math.max(0, (inbox.data?.metadata.unread ?? 0) - (inbox.data?.results ?? []).filter((n) => !n.read && readIds.has(n.id)).length);
  const markRead = useCallback(
    (id: number) => {
      if (userId == null) return Promise.resolve();
      // Both languages' saved lists show it read, so the mark survives a language switch and a reload.
      qc.setQueriesData<InboxPage>({ queryKey: [...notificationQueries.all(), 'inbox'] }, (page) =>
        page
          ? {
              ...page,
              results: page.results.map((n) => (n.id === id ? { ...n, read: true } : n)),
              metadata: { ...page.metadata, unread: Math.max(0, page.metadata.unread - (page.results.some((n) => n.id === id && !n.read) ? 1 : 0)) },
            }
          : page,
      );
      return queueChange(userId, { kind: 'notification-read', notificationId: id }, false);
    },
    [qc, userId],
  );
  /** Online only (one request for every message, also those past the first page); the lists show it at once. */
  const markAllRead = useCallback(async () => {
    const key = [...notificationQueries.all(), 'inbox'];
    qc.setQueriesData<InboxPage>({ queryKey: key }, (page) =>
      page ? { ...page, results: page.results.map((n) => ({ ...n, read: true })), metadata: { ...page.metadata, unread: 0 } } : page,
    );
    try {
      await markAllNotificationsRead();
    } finally {
      void qc.invalidateQueries({ queryKey: key });
    }
  }, [qc]);
  return { inbox, items, unread, markRead, markAllRead };
}
