/**
 * Tells screen-reader users, through the app's announcer, when the connection goes and comes back and
 * when queued changes have synced (a refused change is an error toast, announced assertively). The
 * banner shows the same state; it is not a live region itself, so nothing is said twice. It lives in
 * app because it joins the offline layer to ui's announcer.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../ui/announcer';
import { useOnline } from '../offline/online';
import { onOutboxSynced, usePendingChanges } from '../offline/outbox-state';

export function StatusAnnouncements() {
  const { t } = useTranslation('offline');
  const online = useOnline();
  const pending = usePendingChanges().length;
  const wasOnline = useRef(online);

  // Changes that sync together are counted into one message.
  useEffect(() => {
    let count = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onOutboxSynced((change) => {
      // A SHOP tap's trip is recorded on the way out, not a change the user made.
      if (change.kind === 'trip') return;
      count++;
      clearTimeout(timer);
      timer = setTimeout(() => {
        announce(t('announce.synced', { count }));
        count = 0;
      }, 300);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [t]);

  useEffect(() => {
    if (wasOnline.current === online) return;
    wasOnline.current = online;
    if (!online) announce(t('announce.offline'));
    else announce(pending ? t('announce.onlineSyncing', { count: pending }) : t('announce.online'));
    // Only a change of connection speaks; the pending count read here is the one at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, t]);
  return null;
}
