// Settings: Edit Profile, Terms Of Use, Logout (to the start screen), Delete Account.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGo } from '../../lib/navigation';
import { logout } from '../../lib/session';
import { AppLink } from '../../ui/app-link';
import { NextIcon } from '../../ui/icons';
import { ScreenHeader } from '../../ui/screen-header';

export function SettingsScreen() {
  const { t } = useTranslation('account');
  const go = useGo();
  const [busy, setBusy] = useState(false);
  return (
    <div>
      <ScreenHeader title={t('settings.title')} onBack={() => go('/menu')} />
      <ul className="menu-list">
        <li>
          <AppLink to="/edit-profile" className="menu-item">
            <span>{t('settings.editProfile')}</span>
            <NextIcon />
          </AppLink>
        </li>
        <li>
          <AppLink to="/interests" className="menu-item">
            <span>{t('settings.interests')}</span>
            <NextIcon />
          </AppLink>
        </li>
        <li>
          <AppLink to="/terms" className="menu-item">
            <span>{t('settings.termsOfUse')}</span>
            <NextIcon />
          </AppLink>
        </li>
        <li>
          <button
            type="button"
            className="menu-item"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await logout('user');
              go('/start', { replace: true });
            }}
          >
            <span>{t('settings.logout')}</span>
          </button>
        </li>
        <li>
          <AppLink to="/delete-account" className="menu-item is-danger">
            <span>{t('settings.deleteAccount')}</span>
            <NextIcon />
          </AppLink>
        </li>
      </ul>
    </div>
  );
}
