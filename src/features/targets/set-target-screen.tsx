/** Set Target (SPEC §2): Overview (projects by type) and Selection (chosen targets), ?tab=selection. */
import { useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../server/contract/types';
import { AppLink, useGo, useSearchParam } from './nav';
import { Scroller } from './scroller';
import { groupProjects } from './selection';
import { TargetCard } from './target-card';
import { TargetNoticeDialog } from './target-notice';
import { useTargetSelection } from './use-target-selection';
import './targets.css';

const TABS = ['overview', 'selection'] as const;
type Tab = (typeof TABS)[number];
export const TARGET_SCROLL_STEP = 360;

export function SetTargetScreen() {
  const { t } = useTranslation('targets');
  const go = useGo();
  const tab: Tab = useSearchParam('tab') === 'selection' ? 'selection' : 'overview';
  const sel = useTargetSelection();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ overview: null, selection: null });

  const choose = (next: Tab, focus = false) => {
    go('/set-target', next === 'overview' ? {} : { tab: next }, true);
    if (focus) tabRefs.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      choose(tab === 'overview' ? 'selection' : 'overview', true);
    }
  };

  return (
    <div className="tgt-screen">
      <header className="tgt-header">
        <AppLink to="/menu" className="tgt-icon-button" aria-label={t('backToMenu')}>
          <span aria-hidden="true">←</span>
        </AppLink>
        <h1>{t('title')}</h1>
      </header>
      <div className="tgt-tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`tgt-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`tgt-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="tgt-tab"
            onClick={() => choose(name)}
            onKeyDown={onKeyDown}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`tgt-panel-${tab}`} aria-labelledby={`tgt-tab-${tab}`} className="tgt-panel">
        {!sel.signedIn && <p className="tgt-muted">{t('signInRequired')}</p>}
        {tab === 'overview' ? <Overview sel={sel} /> : <Selection sel={sel} onChoose={() => choose('overview')} />}
      </div>
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
        <p className="tgt-muted" role="status">{t('loading')}</p>
      ) : sel.projects.isError && !projects ? (
        <p className="tgt-error" role="alert">{t('loadFailed')}</p>
      ) : groups.length === 0 ? (
        <p className="tgt-muted">{t('noProjects')}</p>
      ) : (
        groups.map((group) => (
          <section key={group.name} className="tgt-group" aria-label={group.name}>
            <h2 className="tgt-group-title">{group.name}</h2>
            <Scroller
              step={TARGET_SCROLL_STEP}
              label={group.name}
              prevLabel={t('scrollPrev', { group: group.name })}
              nextLabel={t('scrollNext', { group: group.name })}
            >
              {group.projects.map((p) => (
                <li key={p.id} className="tgt-row-item">
                  <TargetCard project={p} selected={sel.selectedIds.includes(p.id)} pending={sel.pendingIds.has(p.id)} />
                </li>
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
        <button type="button" className="tgt-primary-button" onClick={onChoose}>
          {t('goToOverview')}
        </button>
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
