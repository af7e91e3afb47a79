/** My Impact: Rewards | Contributions, the choice kept in ?view=contributions. */
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../ui/screen-header';
import { Tabs } from '../../ui/tabs';
import { ContributionsView } from './contributions-view';
import { useGo, useSearchParam } from '../../lib/navigation';
import { RewardsView } from './rewards-view';
import { ShareImpactButton } from './share-impact-button';
import './impact.css';
import { useBackTo } from '../../lib/screen-trail';

type View = 'rewards' | 'contributions';

export function MyImpactScreen() {
  const { t } = useTranslation('impact');
  const go = useGo();
  const backTo = useBackTo();
  const view: View = useSearchParam('view') === 'contributions' ? 'contributions' : 'rewards';

  return (
    <div className="imp-screen">
      <ScreenHeader title={t('title')} onBack={backTo('/menu')} backLabel={t('backToMenu')} />
      <Tabs<View>
        label={t('switch.label')}
        items={[
          { key: 'rewards', label: t('switch.rewards') },
          { key: 'contributions', label: t('switch.contributions') },
        ]}
        value={view}
        onChange={(v) => go('/my-impact', { search: v === 'rewards' ? {} : { view: v }, replace: true })}
      >
        {view === 'rewards' ? <RewardsView /> : <ContributionsView />}
      </Tabs>
      <ShareImpactButton />
    </div>
  );
}
