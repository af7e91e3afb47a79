/**
 * The offline indicator: a status line while offline (or while changes wait to sync). One sits
 * above the page's header; every screen shows its own under the screen's top bar, since the screen
 * covers the page (the whole viewport on a phone) and makes it inert.
 * Offline, it also says how fresh the saved data on screen is: the oldest fetch time among the
 * queries the current screen shows ("Last updated 13:02"), so every screen gets a 'last updated'.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from './online';
import { usePendingChanges } from './outbox-state';

function formatUpdatedAt(at: number, lang: string, now: number = Date.now()): string {
  const d = new Date(at);
  const sameDay = new Date(now).toDateString() === d.toDateString();
  const locale = lang === 'nl' ? 'nl-NL' : 'en-GB';
  return sameDay
    ? d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleString(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

function useOldestShownData(enabled: boolean): number | null {
  const qc = useQueryClient();
  const [oldest, setOldest] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) {
      setOldest(null);
      return;
    }
    const cache = qc.getQueryCache();
    let frame = 0;
    const compute = () => {
      frame = 0;
      let min: number | null = null;
      for (const q of cache.getAll()) {
        if (q.getObserversCount() === 0 || q.state.status !== 'success' || !q.state.dataUpdatedAt) continue;
        if (min == null || q.state.dataUpdatedAt < min) min = q.state.dataUpdatedAt;
      }
      setOldest(min);
    };
    compute();
    const unsubscribe = cache.subscribe(() => {
      if (!frame) frame = requestAnimationFrame(compute);
    });
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [qc, enabled]);
  return oldest;
}

export function OfflineBanner({ placement = 'page' }: { placement?: 'page' | 'screen' }) {
  const online = useOnline();
  const pending = usePendingChanges().length;
  const { t, i18n } = useTranslation('offline');
  const lang = i18n.language;
  const savedAt = useOldestShownData(!online);
  const show = !online || pending > 0;
  return (
    // A status bar but not a live region (aria-live off): StatusAnnouncements says what changes once,
    // whichever banner is on screen.
    <div
      className={['offline-banner', placement === 'screen' ? 'offline-banner-screen' : '', show ? '' : 'offline-banner-hidden'].filter(Boolean).join(' ')}
      role="status"
      aria-live="off"
      data-testid={`offline-banner-${placement}`}
    >
      {show ? (
        <>
          {!online ? <span className="offline-banner-main">{t('banner.offline')}</span> : null}
          {!online && savedAt ? (
            <span className="offline-banner-time" data-testid="offline-last-updated">
              {t('lastUpdated', { time: formatUpdatedAt(savedAt, lang) })}
            </span>
          ) : null}
          {pending > 0 ? (
            <span className="offline-banner-pending">
              {online ? t('banner.syncing', { count: pending }) : t('banner.pending', { count: pending })}
            </span>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
