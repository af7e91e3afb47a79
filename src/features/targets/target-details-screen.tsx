/** Reward Target Details (SPEC §2): name, image, select toggle, description, Select/Unselect, Continue. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../lib/sanitize';
import { AppLink, useGo, useRouteParam } from './nav';
import { targetQueries } from './queries';
import { TargetNoticeDialog } from './target-notice';
import { useTargetSelection } from './use-target-selection';
import './targets.css';

export function TargetDetailsScreen() {
  const { t } = useTranslation('targets');
  const go = useGo();
  const id = Number(useRouteParam('targetId'));
  const sel = useTargetSelection();
  const fromList = sel.projectById.get(id);
  const detail = useQuery({ ...targetQueries.project(id), enabled: !fromList && Number.isInteger(id) && id > 0 });
  const project = fromList ?? detail.data;
  const [failed, setFailed] = useState(false);
  const selected = sel.selectedIds.includes(id);
  const html = project?.description?.trim() ? project.description : project?.unit_description ?? '';

  return (
    <div className="tgt-screen tgt-details">
      <header className="tgt-header">
        <AppLink to="/set-target" className="tgt-icon-button" aria-label={t('details.back')}>
          <span aria-hidden="true">←</span>
        </AppLink>
        <h1>{project?.name ?? ''}</h1>
        {project?.social && (
          <span className="tgt-social tgt-social-inline" role="img" aria-label={t('social')} title={t('social')}>
            S
          </span>
        )}
      </header>
      {!project ? (
        detail.isError ? <p className="tgt-error" role="alert">{t('details.notFound')}</p> : <p className="tgt-muted" role="status">{t('loading')}</p>
      ) : (
        <>
          {project.background_image?.url && !failed ? (
            <img className="tgt-hero" src={project.background_image.url} alt="" onError={() => setFailed(true)} />
          ) : (
            <div className="tgt-hero tgt-placeholder" aria-hidden="true">{project.name}</div>
          )}
          <label className="tgt-switch">
            <input
              type="checkbox"
              role="switch"
              checked={selected}
              disabled={!sel.signedIn}
              onChange={() => sel.toggle(id)}
              data-testid="target-toggle"
            />
            <span className="tgt-switch-track" aria-hidden="true" />
            <span>{t('details.toggle')}</span>
          </label>
          {sel.pendingIds.has(id) && <p className="tgt-pending-text">{t('pendingSync')}</p>}
          <SafeHtml html={html} className="tgt-html" />
          <div className="tgt-actions">
            <button type="button" className={selected ? 'tgt-secondary-button' : 'tgt-primary-button'} disabled={!sel.signedIn} onClick={() => sel.toggle(id)}>
              {selected ? t('details.unselect') : t('details.select')}
            </button>
            <button
              type="button"
              className="tgt-primary-button"
              disabled={sel.selectedIds.length === 0}
              onClick={() => go('/set-target', { tab: 'selection' })}
            >
              {t('details.continue')}
            </button>
          </div>
        </>
      )}
      <TargetNoticeDialog notice={sel.notice} selected={sel.selectedProjects} onRemove={sel.remove} onClose={sel.clearNotice} />
    </div>
  );
}
