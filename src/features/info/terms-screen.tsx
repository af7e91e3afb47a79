// Terms of Use: minimum age 18, late payment fee 5% per month, Dutch law.
import { useTranslation } from 'react-i18next';
import { useBack } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { ScreenHeader } from '../../ui/screen-header';

const SECTIONS = ['1', '2', '3', '4', '5', '6'] as const;

export function TermsScreen() {
  const { t } = useTranslation('info');
  const { isSignedIn } = useSession();
  const back = useBack(isSignedIn ? '/menu' : '/start');
  return (
    <div className="terms">
      <ScreenHeader title={t('terms.title')} onBack={back} />
      <p className="muted">{t('terms.updated')}</p>
      {SECTIONS.map((n) => (
        <section key={n}>
          <h2>{t(`terms.s${n}Title`)}</h2>
          <p>{t(`terms.s${n}`)}</p>
        </section>
      ))}
    </div>
  );
}
