/**
 * What a screen shows offline when nothing it needs was saved on this device (it was never opened online):
 * it says so and links to what works offline, instead of a spinner that never ends. Shown by CenteredSpinner,
 * the loading state every fetching screen shares, once it has waited OFFLINE_WAIT_MS offline.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import { announce } from './announcer';
import { AppLink } from './app-link';

/** How long a loading screen waits offline (the worker answers a saved copy at once) before saying so. */
export const OFFLINE_WAIT_MS = 1200;

export function OfflineUnavailable() {
  const { t } = useTranslation('offline');
  const { isSignedIn } = useSession();
  useEffect(() => announce(t('unavailable.title')), [t]);
  return (
    <div className="offline-unavailable" data-testid="offline-unavailable">
      <p className="offline-unavailable__title">{t('unavailable.title')}</p>
      <p>{t('unavailable.body')}</p>
      <p>{t('unavailable.available')}</p>
      <ul>
        {isSignedIn ? (
          <li>
            <AppLink to="/wallet">{t('unavailable.wallet')}</AppLink>
          </li>
        ) : null}
        <li>
          <AppLink to="/">{t('unavailable.shop')}</AppLink>
        </li>
      </ul>
    </div>
  );
}
