// Settings: Edit Profile, Interests, Terms Of Use, Logout (to the start screen), Delete Account.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGo } from '../../lib/navigation';
import { logout } from '../../lib/session';
import { ScreenHeader } from '../../ui/screen-header';
import { MenuLink } from './menu-link';

export function SettingsScreen() {
  const { t } = useTranslation('account');
  const go = useGo();
  const [busy, setBusy] = useState(false);
  return (
    <div>
      <ScreenHeader title={t('settings.title')} onBack={() => go('/menu')} />
      <ul className="menu-list">
        <MenuLink to="/edit-profile">{t('settings.editProfile')}</MenuLink>
        <MenuLink to="/interests">{t('settings.interests')}</MenuLink>
        <MenuLink to="/terms">{t('settings.termsOfUse')}</MenuLink>
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
        <MenuLink to="/delete-account" danger>
          {t('settings.deleteAccount')}
        </MenuLink>
      </ul>
    </div>
  );
}
