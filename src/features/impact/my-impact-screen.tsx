/** My Impact (SPEC §2): Rewards | Contributions, chosen with ?view=contributions. */
import { useTranslation } from 'react-i18next';
import { ContributionsView } from './contributions-view';
import { AppLink, useGo, useSearchParam } from './nav';
import { RewardsView } from './rewards-view';
import './impact.css';

export function MyImpactScreen() {
  const { t } = useTranslation('impact');
  const go = useGo();
  const view = useSearchParam('view') === 'contributions' ? 'contributions' : 'rewards';

  return (
    <div className="imp-screen">
      <header className="imp-header">
        <AppLink to="/menu" className="imp-icon-button" aria-label={t('backToMenu')}>
          <span aria-hidden="true">←</span>
        </AppLink>
        <h1>{t('title')}</h1>
      </header>
      <div className="imp-switch" role="group" aria-label={t('switch.label')}>
        {(['rewards', 'contributions'] as const).map((v) => (
          <button
            key={v}
            type="button"
            className="imp-switch-option"
            aria-pressed={view === v}
            onClick={() => go('/my-impact', v === 'rewards' ? {} : { view: v }, true)}
          >
            {t(`switch.${v}`)}
          </button>
        ))}
      </div>
      {view === 'rewards' ? <RewardsView /> : <ContributionsView />}
    </div>
  );
}
