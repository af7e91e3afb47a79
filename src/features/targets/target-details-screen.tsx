/**
 * Reward Target Details: name, image, one control to choose (or stop choosing) the project as a reward
 * target with its state said beside it, the description, and a link to the chosen targets. A visitor sent
 * here to sign in first finds the choice offered again (lib/pending-intent.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { SafeHtml } from '../../lib/sanitize';
import { Button } from '../../ui/button';
import { AppLink } from '../../ui/app-link';
import { forgetIntent, peekIntent } from '../../lib/pending-intent';
import { ScreenHeader } from '../../ui/screen-header';
import { CenteredSpinner } from '../../ui/spinner';
import { useRouteId } from '../../lib/navigation';
import { projectQueries } from '../../lib/projects/queries';
import { TargetNoticeDialog } from './target-notice';
import { useTargetSelection } from './use-target-selection';
import './targets.css';
import { useBackTo } from '../../lib/screen-trail';

export function TargetDetailsScreen() {
  const { t } = useTranslation('targets');
  const backTo = useBackTo();
  const id = useRouteId('targetId');
  const sel = useTargetSelection();
  const fromList = id === null ? undefined : sel.projectById.get(id);
  const lang = useLang();
  const detail = useQuery({ ...projectQueries.detail(id ?? 0, lang), enabled: !fromList && id !== null });
  const project = fromList ?? detail.data;
  const [failed, setFailed] = useState(false);
  const selected = id !== null && sel.selectedIds.includes(id);
  const html = project?.description?.trim() ? project.description : project?.unit_description ?? '';
  // A visitor who opened this target was asked to sign in first: the choice is offered again, one tap.
  const [offered] = useState(() => id !== null && peekIntent('target', id));
  useEffect(() => {
    if (offered) forgetIntent();
  }, [offered]);

  return (
    <div className="tgt-screen tgt-details">
      <ScreenHeader title={project?.name ?? ''} onBack={backTo('/set-target')} backLabel={t('details.back')} />
      {!project ? (
        detail.isError || id === null ? <p className="tgt-error" role="alert">{t('details.notFound')}</p> : <CenteredSpinner label={t('loading')} />
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
          {offered && !selected ? (
            <p className="tgt-offer" data-testid="intent-notice">{t('details.offer', { name: project.name })}</p>
          ) : null}
          <div className="tgt-choice">
            <p className={selected ? 'tgt-state tgt-state-on' : 'tgt-state'} role="status" data-testid="target-state">
              {selected ? t('details.chosen') : t('details.notChosen')}
            </p>
            {sel.pendingIds.has(project.id) && <p className="tgt-pending-text">{t('pendingSync')}</p>}
            <Button variant={selected ? 'secondary' : 'primary'} disabled={!sel.ready} onClick={() => sel.toggle(project.id)}>
              {selected ? t('details.unselect') : t('details.select')}
            </Button>
          </div>
          <SafeHtml html={html} className="tgt-html" />
          <AppLink className="tgt-link" to="/set-target" search={{ tab: 'selection' }}>
            {t('details.yourTargets')}
          </AppLink>
        </>
      )}
      <TargetNoticeDialog notice={sel.notice} selected={sel.selectedProjects} onRemove={sel.remove} onClose={sel.clearNotice} />
    </div>
  );
}
