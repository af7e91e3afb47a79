// Finish Sign Up: the account exists and its terms were accepted on Sign Up; Continue only
// completes the profile and goes on: to what a visitor was doing before signing up when an action waits
// (lib/pending-intent.ts: it comes first), else to the optional welcome step (targets, interests).
// Back leads to Sign Up. A signed-in user who already finished is sent on by the route's guard.
// Here, once, the screen-visit question is asked beside the page (never blocking): Continue without
// answering leaves it off.
import { useTranslation } from 'react-i18next';
import { useGo } from '../../lib/navigation';
import { hasPendingIntent } from '../../lib/pending-intent';
import { takeReturnTo } from '../../lib/return-to';
import { MENU_SCREEN, setScreen, useSession } from '../../lib/session';
import { AppLink } from '../../ui/app-link';
import { Button } from '../../ui/button';
import { ScreenHeader } from '../../ui/screen-header';
import { ScreenVisitsAsk } from './screen-visits-ask';
import { useBackTo } from '../../lib/screen-trail';

export function FinishSignUpScreen() {
  const { t } = useTranslation('auth');
  const go = useGo();
  const backTo = useBackTo();
  const { user } = useSession();
  return (
    <div>
      <ScreenHeader title={t('finish.title')} onBack={backTo('/sign-up')} backLabel={t('finish.back')} />
      {user ? <p className="lead">{t('finish.welcome', { name: user.first_name })}</p> : null}
      <p>{t('finish.body')}</p>
      <p>
        {t('finish.termsPrefix')} <AppLink to="/terms">{t('finish.termsLink')}</AppLink>.
      </p>
      <ScreenVisitsAsk />
      <Button
        block
        onClick={() => {
          setScreen(MENU_SCREEN);
          go(hasPendingIntent() ? (takeReturnTo() ?? '/menu') : '/welcome', { replace: true });
        }}
      >
        {t('finish.submit')}
      </Button>
    </div>
  );
}
