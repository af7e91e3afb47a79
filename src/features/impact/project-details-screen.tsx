/** Project Details (SPEC §2): hero image, name, sanitised HTML description, close → My Impact. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../lib/sanitize';
import { AppLink, useRouteParam } from './nav';
import { unitName } from './donation';
import { ProjectImage } from './project-image';
import { impactQueries } from './queries';
import './impact.css';

export function ProjectDetailsScreen() {
  const { t } = useTranslation('impact');
  const id = Number(useRouteParam('projectId'));
  const { data: project, isPending, isError } = useQuery({ ...impactQueries.project(id), enabled: Number.isInteger(id) && id > 0 });

  return (
    <div className="imp-screen imp-project">
      <div className="imp-hero">
        {project ? <ProjectImage src={project.background_image?.url} name={project.name} className="imp-hero-image" /> : <div className="imp-hero-image" />}
        <AppLink to="/my-impact" search={{ view: 'contributions' }} className="imp-close" aria-label={t('project.close')}>
          <span aria-hidden="true">×</span>
        </AppLink>
      </div>
      {isPending && !isError ? (
        <p className="imp-muted" role="status">…</p>
      ) : !project ? (
        <p className="imp-error" role="alert">{t('project.notFound')}</p>
      ) : (
        <article className="imp-project-body">
          <h1>{project.name}</h1>
          {project.user_total_units_amount > 0 && (
            <p className="imp-muted">
              {t('project.funded', { count: project.user_total_units_amount, unit: unitName(project, project.user_total_units_amount) })}
            </p>
          )}
          <SafeHtml html={project.description} className="imp-html" />
          <AppLink to={`/project/${project.id}/sponsor`} className="imp-primary-button">
            {t('project.sponsor')}
          </AppLink>
        </article>
      )}
    </div>
  );
}
