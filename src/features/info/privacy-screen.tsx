// Privacy statement: what is kept and why, how long (the server's retention: server/jobs/retention.ts
// and its config defaults), who receives what, how to use each right, and the screen-visit switch
// (visitors choose here: they have no Settings).
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../lib/config';
import { useBack } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { ScreenHeader } from '../../ui/screen-header';
import { ScreenVisitsSwitch } from '../../ui/screen-visits-switch';

const KEPT = ['1', '2', '3', '4', '5'] as const;
const HOW_LONG = ['1', '2', '3', '4', '5'] as const;
const WHO = ['1', '2', '3', '4'] as const;
const RIGHTS = ['1', '2', '3', '4', '5', '6', '7'] as const;

export function PrivacyScreen() {
  const { t } = useTranslation('info');
  const { isSignedIn } = useSession();
  const back = useBack(isSignedIn ? '/settings' : '/start');
  return (
    <div className="terms">
      <ScreenHeader title={t('privacy.title')} onBack={back} />
      <p className="muted">{t('privacy.updated')}</p>
      <p>{t('privacy.intro')}</p>
      <section>
        <h2>{t('privacy.keptTitle')}</h2>
        <ul>{KEPT.map((n) => <li key={n}>{t(`privacy.kept.${n}`)}</li>)}</ul>
      </section>
      <section>
        <h2>{t('privacy.howLongTitle')}</h2>
        <ul>{HOW_LONG.map((n) => <li key={n}>{t(`privacy.howLong.${n}`)}</li>)}</ul>
      </section>
      <section>
        <h2>{t('privacy.whoTitle')}</h2>
        <ul>{WHO.map((n) => <li key={n}>{t(`privacy.who.${n}`)}</li>)}</ul>
      </section>
      <section>
        <h2>{t('privacy.rightsTitle')}</h2>
        <ul>{RIGHTS.map((n) => <li key={n}>{t(`privacy.rights.${n}`)}</li>)}</ul>
      </section>
      <section>
        <h2>{t('privacy.choiceTitle')}</h2>
        <ScreenVisitsSwitch />
      </section>
      <section>
        <h2>{t('privacy.contactTitle')}</h2>
        <p>
          {t('privacy.contact')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
      </section>
    </div>
  );
}
