/** Reward Target Details: name, image, select toggle, description, Select/Unselect, Continue. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { SafeHtml } from '../../lib/sanitize';
import { Button } from '../../ui/button';
import { ScreenHeader } from '../../ui/screen-header';
import { CenteredSpinner } from '../../ui/spinner';
import { useGo, useRouteParam } from '../../lib/navigation';
import { projectQueries } from '../../lib/projects/queries';
import { TargetNoticeDialog } from './target-notice';
import { useTargetSelection } from './use-target-selection';
import './targets.css';

export function TargetDetailsScreen() {
  const { t } = useTranslation('targets');
  const go = useGo();
  const id = Number(useRouteParam('targetId'));
  const sel = useTargetSelection();
  const fromList = sel.projectById.get(id);
  const lang = useLang();
  const detail = useQuery({ ...projectQueries.detail(id, lang), enabled: !fromList && Number.isInteger(id) && id > 0 });
  const project = fromList ?? detail.data;
  const [failed, setFailed] = useState(false);
  const selected = sel.selectedIds.includes(id);
  const html = project?.description?.trim() ? project.description : project?.unit_description ?? '';

  return (
    <div className="tgt-screen tgt-details">
      <ScreenHeader title={project?.name ?? ''} onBack={() => go('/set-target')} backLabel={t('details.back')} />
      {!project ? (
        detail.isError ? <p className="tgt-error" role="alert">{t('details.notFound')}</p> : <CenteredSpinner label={t('loading')} />
      ) : (
        <>
          <div className="tgt-hero-box">
            {project.background_image?.url && !failed ? (
              <img className="tgt-hero" src={project.background_image.url} alt="" onError={() => setFailed(true)} />
            ) : (
              <div className="tgt-hero tgt-placeholder" aria-hidden="true">{project.name}</div>
            )}
            {project.social && (
              <span className="tgt-social" role="img" aria-label={t('social')} title={t('social')}>
                S
              </span>
            )}
          </div>
          <label className="tgt-switch">
            <input
              type="checkbox"
              role="switch"
              checked={selected}
              disabled={!sel.ready}
              onChange={() => sel.toggle(id)}
              data-testid="target-toggle"
            />
            <span className="tgt-switch-track" aria-hidden="true" />
            <span>{t('details.toggle')}</span>
          </label>
          {sel.pendingIds.has(id) && <p className="tgt-pending-text">{t('pendingSync')}</p>}
          <SafeHtml html={html} className="tgt-html" />
          <div className="tgt-actions">
            <Button variant={selected ? 'secondary' : 'primary'} disabled={!sel.ready} onClick={() => sel.toggle(id)}>
              {selected ? t('details.unselect') : t('details.select')}
            </Button>
            <Button disabled={sel.selectedIds.length === 0} onClick={() => go('/set-target', { search: { tab: 'selection' } })}>
              {t('details.continue')}
            </Button>
          </div>
        </>
      )}
      <TargetNoticeDialog notice={sel.notice} selected={sel.selectedProjects} onRemove={sel.remove} onClose={sel.clearNotice} />
    </div>
  );
}
