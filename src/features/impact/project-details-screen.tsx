/** Project Details: hero image, name, sanitised HTML description, close → My Impact. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { formatUnits } from '../../lib/units';
import { SafeHtml } from '../../lib/sanitize';
import { ScreenHeader } from '../../ui/screen-header';
import { CenteredSpinner } from '../../ui/spinner';
import { unitName } from './donation';
import { useRouteId } from '../../lib/navigation';
import { AppLink } from '../../ui/app-link';
import { ProjectImage } from './project-image';
import { projectQueries } from '../../lib/projects/queries';
import './impact.css';
import { useBackTo } from '../../lib/screen-trail';

export function ProjectDetailsScreen() {
  const { t } = useTranslation('impact');
  const backTo = useBackTo();
  const id = useRouteId('projectId');
  const lang = useLang();
  const { data: project, isPending, isError } = useQuery({ ...projectQueries.detail(id ?? 0, lang), enabled: id !== null });

  return (
    <div className="imp-screen imp-project">
      <ScreenHeader title={project?.name ?? ''} onBack={backTo('/my-impact', { search: { view: 'contributions' } })} backLabel={t('project.close')} />
      {isPending && !isError && id !== null ? (
        <CenteredSpinner />
      ) : !project ? (
        <p className="imp-error" role="alert">{t('project.notFound')}</p>
      ) : (
        <article className="imp-project-body">
          <ProjectImage src={project.background_image?.url} name={project.name} className="imp-hero-image" />
          {project.user_total_units_amount > 0 && (
            <p className="muted">
              {t('project.funded', { count: project.user_total_units_amount, amount: formatUnits(project.user_total_units_amount, lang), unit: unitName(project, project.user_total_units_amount) })}
            </p>
          )}
          <SafeHtml html={project.description} className="imp-html" />
          <AppLink to={`/project/${project.id}/sponsor`} className="btn btn-primary btn-block">
            {t('project.sponsor')}
          </AppLink>
        </article>
      )}
    </div>
  );
}
