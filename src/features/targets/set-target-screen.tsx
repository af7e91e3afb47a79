/** Set Target: Overview (projects by type) and Selection (chosen targets), ?tab=selection. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '@contract/types';
import { Button } from '../../ui/button';
import { Scroller } from '../../ui/scroller';
import { ScreenHeader } from '../../ui/screen-header';
import { CenteredSpinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import { useGo, useSearchParam } from '../../lib/navigation';
import { groupProjects } from './selection';
import { TargetCard } from './target-card';
import { TargetNoticeDialog } from './target-notice';
import { useTargetSelection } from './use-target-selection';
import './targets.css';
import { useBackTo } from '../../lib/screen-trail';

const TABS = ['overview', 'selection'] as const;
type Tab = (typeof TABS)[number];
export const TARGET_SCROLL_STEP = 360;

export function SetTargetScreen() {
  const { t } = useTranslation('targets');
  const go = useGo();
  const backTo = useBackTo();
  const tab: Tab = useSearchParam('tab') === 'selection' ? 'selection' : 'overview';
  const sel = useTargetSelection();
  const choose = (next: Tab) => go('/set-target', { search: next === 'overview' ? {} : { tab: next }, replace: true });

  return (
    <div className="tgt-screen">
      <ScreenHeader title={t('title')} onBack={backTo('/menu')} backLabel={t('backToMenu')} />
      <Tabs<Tab>
        label={t('tabs.label')}
        items={TABS.map((key) => ({ key, label: t(`tabs.${key}`) }))}
        value={tab}
        onChange={choose}
      >
        <div className="tgt-panel">
          {!sel.signedIn && <p className="muted">{t('signInRequired')}</p>}
          {tab === 'overview' ? <Overview sel={sel} /> : <Selection sel={sel} onChoose={() => choose('overview')} />}
        </div>
      </Tabs>
      <TargetNoticeDialog notice={sel.notice} selected={sel.selectedProjects} onRemove={sel.remove} onClose={sel.clearNotice} />
    </div>
  );
}

type Sel = ReturnType<typeof useTargetSelection>;

function Overview({ sel }: { sel: Sel }) {
  const { t } = useTranslation('targets');
  const projects = sel.projects.data?.results;
  const groups = useMemo(() => groupProjects(projects ?? [], (p) => p.type?.name, t('others')), [projects, t]);
  return (
    <>
      <p className="tgt-intro">{t('intro')}</p>
      <p className="tgt-tip">{t('tip')}</p>
      {sel.projects.isPending ? (
        <CenteredSpinner label={t('loading')} />
      ) : sel.projects.isError && !projects ? (
        <p className="tgt-error" role="alert">{t('loadFailed')}</p>
      ) : groups.length === 0 ? (
        <p className="muted">{t('noProjects')}</p>
      ) : (
        groups.map((group) => (
          <section key={group.name} className="tgt-group" aria-label={group.name}>
            <h2 className="tgt-group-title">{group.name}</h2>
            <Scroller step={TARGET_SCROLL_STEP} label={group.name}>
              {group.projects.map((p) => (
                <div key={p.id} role="listitem" className="tgt-row-item">
                  <TargetCard project={p} selected={sel.selectedIds.includes(p.id)} pending={sel.pendingIds.has(p.id)} />
                </div>
              ))}
            </Scroller>
          </section>
        ))
      )}
    </>
  );
}

function Selection({ sel, onChoose }: { sel: Sel; onChoose: () => void }) {
  const { t } = useTranslation('targets');
  const groups = useMemo(
    () => groupProjects(sel.selectedProjects, (p: Project) => p.type?.name ?? p.category?.name, t('others')),
    [sel.selectedProjects, t],
  );
  if (sel.selectedProjects.length === 0) {
    return (
      <div className="tgt-empty">
        <p>{t('emptySelection')}</p>
        <Button onClick={onChoose}>{t('goToOverview')}</Button>
      </div>
    );
  }
  return (
    <>
      <p className="tgt-intro">{t('selectionIntro', { count: sel.selectedProjects.length })}</p>
      {groups.map((group) => (
        <section key={group.name} className="tgt-group" aria-label={group.name}>
          <h2 className="tgt-group-title">{group.name}</h2>
          <ul className="tgt-grid">
            {group.projects.map((p) => (
              <li key={p.id}>
                <TargetCard project={p} selected pending={sel.pendingIds.has(p.id)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p className="tgt-tip">{t('tip')}</p>
    </>
  );
}
