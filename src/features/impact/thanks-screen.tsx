/** Thanks for donate: the project name, then back to My Impact after 3000 ms. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { ScreenHeader } from '../../ui/screen-header';
import { useGo, useRouteId } from '../../lib/navigation';
import { AppLink } from '../../ui/app-link';
import { projectQueries } from '../../lib/projects/queries';
import './impact.css';

export const THANKS_REDIRECT_MS = 3000;

export function ThanksScreen() {
  const { t } = useTranslation('impact');
  const go = useGo();
  const id = useRouteId('projectId');
  const lang = useLang();
  const { data: project } = useQuery({ ...projectQueries.detail(id ?? 0, lang), enabled: id !== null });

  useEffect(() => {
    const timer = setTimeout(() => go('/my-impact', { search: { view: 'contributions' }, replace: true }), THANKS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [go]);

  return (
    <div className="imp-screen imp-thanks">
      <ScreenHeader title={t('thanks.title')} />
      <div className="imp-thanks-mark" aria-hidden="true">♥</div>
      <p className="imp-thanks-text" data-testid="thanks-project">{t('thanks.text', { name: project?.name ?? '' })}</p>
      <p className="muted" role="status">{t('thanks.redirect')}</p>
      <AppLink to="/my-impact" search={{ view: 'contributions' }} replace className="btn btn-secondary">
        {t('thanks.back')}
      </AppLink>
    </div>
  );
}
