// Settings: Edit Profile, Interests, Terms Of Use, Logout (to the start screen; this device's push
// subscription goes first), Delete Account, Notifications (notifications-section.tsx), and Privacy: the screen-visit switch, signed-in devices and the privacy statement.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGo } from '../../lib/navigation';
import { logout } from '../../lib/session';
import { ScreenHeader } from '../../ui/screen-header';
import { ScreenVisitsSwitch } from '../../ui/screen-visits-switch';
import { MenuLink } from './menu-link';
import { NotificationsSection } from './notifications-section';
import { forgetPushOnSignOut } from './push-subscription';
import { useBackTo } from '../../lib/screen-trail';

export function SettingsScreen() {
  const { t } = useTranslation('account');
  const go = useGo();
  const backTo = useBackTo();
  const [busy, setBusy] = useState(false);
  return (
    <div>
      <ScreenHeader title={t('settings.title')} onBack={backTo('/menu')} />
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
              await forgetPushOnSignOut();
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
      <NotificationsSection />
      <section aria-labelledby="settings-privacy">
        <h2 id="settings-privacy">{t('settings.privacyHeading')}</h2>
        <ScreenVisitsSwitch />
        <ul className="menu-list">
          <MenuLink to="/devices">{t('settings.devices')}</MenuLink>
          <MenuLink to="/download-data">{t('settings.downloadData')}</MenuLink>
          <MenuLink to="/privacy">{t('settings.privacyStatement')}</MenuLink>
        </ul>
      </section>
    </div>
  );
}
