/**
 * For actions that need the network (buy a gift card, donate, edit the profile, delete the
 * account, the fund signup): disable the control with `disabled={!useOnline()}` and render
 * <OfflineReason id="x"/> next to it (aria-describedby="x" on the control). Renders nothing online.
 */
import { useTranslation } from 'react-i18next';
import { useOnline } from './online';

export function OfflineReason({ id, className }: { id?: string; className?: string }) {
  const online = useOnline();
  const { t } = useTranslation('offline');
  if (online) return null;
  return (
    <p id={id} className={['offline-reason', className ?? ''].join(' ').trim()} role="status">
      {t('needsNetwork')}
    </p>
  );
}
