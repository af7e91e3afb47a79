// Accessibility statement (European Accessibility Act): the standard aimed for, how the app was tested,
// known limits and how to report a problem (the support address).
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../lib/config';
import { useBack } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { ScreenHeader } from '../../ui/screen-header';

const TESTED = ['1', '2', '3', '4', '5', '6'] as const;
const LIMITS = ['1', '2', '3'] as const;

export function AccessibilityScreen() {
  const { t } = useTranslation('info');
  const { isSignedIn } = useSession();
  const back = useBack(isSignedIn ? '/menu' : '/');
  const subject = encodeURIComponent(t('a11y.mailSubject'));
  return (
    <div className="terms">
      <ScreenHeader title={t('a11y.title')} onBack={back} />
      <p className="muted">{t('a11y.updated')}</p>
      <section>
        <h2>{t('a11y.standardTitle')}</h2>
        <p>{t('a11y.standard')}</p>
        <p>{t('a11y.status')}</p>
      </section>
      <section>
        <h2>{t('a11y.testedTitle')}</h2>
        <p>{t('a11y.testedIntro')}</p>
        <ul>
          {TESTED.map((n) => (
            <li key={n}>{t(`a11y.tested${n}`)}</li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{t('a11y.limitsTitle')}</h2>
        <ul>
          {LIMITS.map((n) => (
            <li key={n}>{t(`a11y.limit${n}`)}</li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{t('a11y.contactTitle')}</h2>
        <p>{t('a11y.contact')}</p>
        <p>
          <a href={`mailto:${SUPPORT_EMAIL}?subject=${subject}`}>{SUPPORT_EMAIL}</a>
        </p>
        <p>{t('a11y.enforcement')}</p>
      </section>
    </div>
  );
}
