// The optional step after sign-up: the welcome text promises rewards for "the impact projects you choose",
// so the new member is offered to choose them (and their interests) now, or to skip and go on to what they
// were doing (else the menu). Each choice opens its own screen; this one holds no state.
import { useTranslation } from 'react-i18next';
import { useGo } from '../../lib/navigation';
import { takeReturnTo } from '../../lib/return-to';
import { useSession } from '../../lib/session';
import { AppLink } from '../../ui/app-link';
import { Button } from '../../ui/button';
import { ScreenHeader } from '../../ui/screen-header';
import './welcome.css';

export function WelcomeScreen() {
  const { t } = useTranslation('account');
  const go = useGo();
  const { user } = useSession();
  return (
    <div className="welcome-step">
      <ScreenHeader title={t('welcome.title')} />
      {user ? <p className="lead">{t('welcome.hello', { name: user.first_name })}</p> : null}
      <p>{t('welcome.body')}</p>
      <ul className="welcome-step__choices">
        <li>
          <AppLink className="welcome-step__choice" to="/set-target">
            <strong>{t('welcome.targets')}</strong>
            <span>{t('welcome.targetsHint')}</span>
          </AppLink>
        </li>
        <li>
          <AppLink className="welcome-step__choice" to="/interests">
            <strong>{t('welcome.interests')}</strong>
            <span>{t('welcome.interestsHint')}</span>
          </AppLink>
        </li>
      </ul>
      <Button block variant="secondary" onClick={() => go(takeReturnTo() ?? '/menu', { replace: true })}>
        {t('welcome.skip')}
      </Button>
    </div>
  );
}
