/**
 * The offline indicator: a polite status line while offline (or while changes wait to sync).
 */
import { useTranslation } from 'react-i18next';
import { useOnline } from './online';
import { usePendingChanges } from './outbox';

export function OfflineBanner() {
  const online = useOnline();
  const pending = usePendingChanges().length;
  const { t } = useTranslation('offline');
  const show = !online || pending > 0;
  return (
    <div className={show ? 'offline-banner' : 'offline-banner offline-banner-hidden'} role="status" aria-live="polite">
      {show ? (
        <>
          {!online ? <span className="offline-banner-main">{t('banner.offline')}</span> : null}
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
