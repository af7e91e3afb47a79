// FAQ: sections General, Transactions, Pension account, Ambassador with collapsible questions.
import { useTranslation } from 'react-i18next';
import { useBack } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { ScreenHeader } from '../../ui/screen-header';

const SECTIONS = {
  general: ['1', '2', '3', '4'],
  transactions: ['1', '2', '3'],
  pension: ['1', '2', '3'],
  ambassador: ['1', '2'],
} as const;

export function FaqScreen() {
  const { t } = useTranslation('info');
  const { isSignedIn } = useSession();
  const back = useBack(isSignedIn ? '/menu' : '/start');
  return (
    <div>
      <ScreenHeader title={t('faq.title')} onBack={back} />
      <p className="muted">{t('faq.intro')}</p>
      {(Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]).map((section) => (
        <section key={section} className="faq-section" aria-labelledby={`faq-${section}`}>
          <h2 id={`faq-${section}`}>{t(`faq.sections.${section}.title`)}</h2>
          {SECTIONS[section].map((n) => (
            <details key={n} className="faq-item">
              <summary>{t(`faq.sections.${section}.q${n}` as 'faq.sections.general.q1')}</summary>
              <div className="faq-answer">{t(`faq.sections.${section}.a${n}` as 'faq.sections.general.a1')}</div>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
