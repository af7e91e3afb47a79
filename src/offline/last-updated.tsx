/**
 * "Last updated …" for screens showing saved data. Shown when the app is offline, or when the
 * service worker answered `apiPath` from its saved copy (slow or failing network).
 *   <LastUpdated updatedAt={query.dataUpdatedAt} apiPath="/wallet/me" />
 */
import { useTranslation } from 'react-i18next';
import { useOnline } from './online';
import { useServedFromCacheAt } from './served-from-cache';

export function formatUpdatedAt(at: number, lang: string, now: number = Date.now()): string {
  const d = new Date(at);
  const sameDay = new Date(now).toDateString() === d.toDateString();
  const locale = lang === 'nl' ? 'nl-NL' : 'en-GB';
  return sameDay
    ? d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleString(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

export function LastUpdated({ updatedAt, apiPath, className }: { updatedAt?: number; apiPath?: string; className?: string }) {
  const online = useOnline();
  const { t, i18n } = useTranslation('offline');
  const lang = i18n.language;
  const swAt = useServedFromCacheAt(apiPath);
  const at = swAt ?? (updatedAt && updatedAt > 0 ? updatedAt : null);
  if (at == null || (online && swAt == null)) return null;
  return (
    <p className={['last-updated', className ?? ''].join(' ').trim()} data-testid="last-updated">
      {t('lastUpdated', { time: formatUpdatedAt(at, lang) })}
    </p>
  );
}
