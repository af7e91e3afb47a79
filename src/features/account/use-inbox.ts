// The inbox as the app shows it: the saved pages (offline too) with the read marks still in the
// outbox applied, its unread count, and marking one read (shown at once, sent through the outbox).
import { useCallback } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { InboxNotification, InboxPage } from '@contract/types';
import { useLang } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { queueChange, usePendingChanges } from '../../offline/outbox';
import { markAllNotificationsRead } from './notifications-api';
import { notificationQueries } from './queries';

type InboxPages = InfiniteData<InboxPage, number>;

/** Every page's messages through `read`, and every page's unread count less those it turned read. */
function markPages(pages: InboxPages | undefined, read: (n: InboxNotification) => boolean): InboxPages | undefined {
  if (!pages) return pages;
  // By id: a message that moved onto the next page is listed on both.
  const turned = new Set(pages.pages.flatMap((p) => p.results.filter((n) => !n.read && read(n)).map((n) => n.id))).size;
  return {
    ...pages,
    pages: pages.pages.map((p) => ({
      ...p,
      results: p.results.map((n) => (!n.read && read(n) ? { ...n, read: true } : n)),
      metadata: { ...p.metadata, unread: Math.max(0, p.metadata.unread - turned) },
    })),
  };
}

export function useInbox() {
  const lang = useLang();
  const qc = useQueryClient();
  const { userId } = useSession();
  const inbox = useInfiniteQuery({ ...notificationQueries.inbox(lang), enabled: userId != null });
  const pending = usePendingChanges();
  const readIds = new Set(pending.flatMap((c) => (c.kind === 'notification-read' ? [c.notificationId] : [])));
  // A message that arrived between two pages pushes an older one onto the next page too: shown once.
  const seen = new Set<number>();
  const loaded = (inbox.data?.pages ?? []).flatMap((p) => p.results).filter((n) => !seen.has(n.id) && !!seen.add(n.id));
  const items = loaded.map((n) => (readIds.has(n.id) ? { ...n, read: true } : n));
  const first = inbox.data?.pages[0]?.metadata;
  // The server's count (as of the first page), less the ones marked read here whose marks are still in the outbox.
  const unread = Math.max(0, (first?.unread ?? 0) - loaded.filter((n) => !n.read && readIds.has(n.id)).length);
  const markRead = useCallback(
    (id: number) => {
      if (userId == null) return Promise.resolve();
      // Both languages' saved lists show it read, so the mark survives a language switch and a reload.
      qc.setQueriesData<InboxPages>({ queryKey: [...notificationQueries.all(), 'inbox'] }, (pages) => markPages(pages, (n) => n.id === id));
      return queueChange(userId, { kind: 'notification-read', notificationId: id }, false);
    },
    [qc, userId],
  );
  /** Online only (one request for every message, also those on pages not loaded); the lists show it at once. */
  const markAllRead = useCallback(async () => {
    const key = [...notificationQueries.all(), 'inbox'];
    qc.setQueriesData<InboxPages>({ queryKey: key }, (pages) => {
      const marked = markPages(pages, () => true);
      return marked && { ...marked, pages: marked.pages.map((p) => ({ ...p, metadata: { ...p.metadata, unread: 0 } })) };
    });
    try {
      await markAllNotificationsRead();
    } finally {
      void qc.invalidateQueries({ queryKey: key });
    }
  }, [qc]);
  return { inbox, items, unread, total: first?.total ?? 0, markRead, markAllRead };
}
