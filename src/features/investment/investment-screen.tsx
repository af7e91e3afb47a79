/**
 * Investment account: description and Register; Register fetches the fund provider's
 * sign-up URL and shows it in a sandboxed frame. The provider's page is a plain form (no scripts)
 * that submits to the top window, so the frame gets only allow-forms, allow-same-origin and
 * top navigation on user activation — no allow-scripts. Signed-in users also see the fund.
 */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useGo } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { useOnline } from '../../offline/online';
import { Button } from '../../ui/button';
import { ScreenHeader } from '../../ui/screen-header';
import { isFramableSignupUrl, startFondoJourney } from './api';
import './investment.css';
import { useBackTo } from '../../lib/screen-trail';

export const SIGNUP_FRAME_SANDBOX = 'allow-forms allow-same-origin allow-top-navigation-by-user-activation';

export function InvestmentScreen() {
  const { t } = useTranslation('investment');
  const go = useGo();
  const backTo = useBackTo();
  const online = useOnline();
  const { isSignedIn } = useSession();
  const journey = useMutation({
    mutationFn: async () => {
      const { url } = await startFondoJourney();
      if (!url || !isFramableSignupUrl(url, window.location.origin)) throw new Error('invalid_url');
      return url;
    },
  });
  const url = journey.data;

  return (
    <div className="inv-screen">
      <ScreenHeader title={t('investment.title')} onBack={backTo('/menu')} backLabel={t('investment.back')} />
      {url ? (
        <>
          <iframe
            className="inv-frame"
            src={url}
            title={t('investment.frameTitle')}
            sandbox={SIGNUP_FRAME_SANDBOX}
            referrerPolicy="no-referrer"
            data-testid="fondo-frame"
          />
          <Button variant="ghost" onClick={() => journey.reset()}>
            {t('investment.close')}
          </Button>
        </>
      ) : (
        <>
          <p className="inv-intro">{t('investment.intro')}</p>
          <ul className="inv-points">
            <li>{t('investment.point1')}</li>
            <li>{t('investment.point2')}</li>
            <li>{t('investment.point3')}</li>
          </ul>
          {isSignedIn && (
            <section className="inv-fund" aria-labelledby="inv-fund-title">
              <h2 id="inv-fund-title">{t('investment.fundTitle')}</h2>
              <p data-testid="fund-description">{t('investment.fundText')}</p>
            </section>
          )}
          {journey.isError && (
            <div className="inv-failed" role="alert">
              <p>{t('investment.failed')}</p>
            </div>
          )}
          {!online && isSignedIn && (
            <p className="inv-warning" id="inv-offline">
              {t('investment.offline')}
            </p>
          )}
          {isSignedIn ? (
            <Button
              block
              busy={journey.isPending}
              disabled={!online}
              aria-describedby={!online ? 'inv-offline' : undefined}
              onClick={() => journey.mutate()}
            >
              {journey.isError ? t('investment.retry') : t('investment.register')}
            </Button>
          ) : (
            <Button block onClick={() => go('/sign-in')}>
              {t('investment.signInToRegister')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
