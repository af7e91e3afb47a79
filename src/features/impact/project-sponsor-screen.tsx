/** Project Sponsor (SPEC §2, §4, §5): balance with info, a points/units stepper, Confirm. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../server/contract/types';
import { ApiRequestError, request } from '../../lib/http';
import { useLang } from '../../lib/i18n';
import { setUser, useSession } from '../../lib/session';
import { useOnline } from '../../offline/online';
import { donate } from './api';
import { canConfirm, canDecrease, decreasePoints, increasePoints, initialPoints, unitName, unitsFor } from './donation';
import { InfoDialog } from './info-dialog';
import { AppLink, useGo, useRouteParam } from './nav';
import { impactQueries } from './queries';
import './impact.css';

export function ProjectSponsorScreen() {
  const { t } = useTranslation('impact');
  const lang = useLang();
  const go = useGo();
  const online = useOnline();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const id = Number(useRouteParam('projectId'));
  const { data: project } = useQuery({ ...impactQueries.project(id), enabled: Number.isInteger(id) && id > 0 });
  const [points, setPoints] = useState(0);
  const [infoOpen, setInfoOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Chosen points reset to one unit step on entry (and when the project arrives).
  useEffect(() => {
    if (project) setPoints(initialPoints(project));
  }, [project?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const balance = user?.loyalty_account?.amount?.amount ?? 0;
  const fmt = new Intl.NumberFormat(lang);

  const mutation = useMutation({
    mutationFn: (amount: number) => donate(id, amount),
    onSuccess: async () => {
      setError(null);
      // The balance lives on the user: read it again so every screen shows the new one.
      try {
        setUser(await request<User>('/application-users/me'));
      } catch {
        /* the next session refresh brings it */
      }
      void queryClient.invalidateQueries({ queryKey: ['contributions'] });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      void queryClient.invalidateQueries({ queryKey: ['savings'] });
      go(`/project/${id}/thanks`);
    },
    onError: (e) => {
      setError(e instanceof ApiRequestError && e.body?.error === 'insufficient_points' ? t('sponsor.insufficient') : t('sponsor.failed'));
    },
  });

  if (!project) {
    return (
      <div className="imp-screen">
        <p className="imp-muted" role="status">…</p>
      </div>
    );
  }

  const units = unitsFor(points, project);
  const overBalance = points > balance;
  const confirmable = online && canConfirm(points, balance) && !mutation.isPending;

  return (
    <div className="imp-screen imp-sponsor">
      <header className="imp-header">
        <AppLink to={`/project/${project.id}`} className="imp-icon-button" aria-label={t('sponsor.back')}>
          <span aria-hidden="true">←</span>
        </AppLink>
        <h1>{t('sponsor.title', { name: project.name })}</h1>
      </header>

      <div className="imp-balance">
        <span className="imp-stat-label">{t('sponsor.balance')}</span>
        <strong data-testid="available-balance">{t('sponsor.balanceValue', { points: fmt.format(balance) })}</strong>
        <button type="button" className="imp-info-button" aria-label={t('sponsor.balanceInfo')} onClick={() => setInfoOpen(true)}>
          <span aria-hidden="true">i</span>
        </button>
      </div>

      <div className="imp-stepper" role="group" aria-label={t('sponsor.pointsLabel')}>
        <button
          type="button"
          className="imp-step-button"
          aria-label={t('sponsor.decrease')}
          disabled={!canDecrease(points, project)}
          onClick={() => setPoints((p) => decreasePoints(p, project))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output className="imp-step-value" aria-live="polite" data-testid="donation-points">
          <span className="imp-step-points">{fmt.format(points)}</span>
          <span className="imp-step-caption">{t('sponsor.pointsLabel')}</span>
          <span className="imp-step-units" data-testid="donation-units">
            {fmt.format(units)} {unitName(project, units)}
          </span>
        </output>
        <button type="button" className="imp-step-button" aria-label={t('sponsor.increase')} onClick={() => setPoints((p) => increasePoints(p, project))}>
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p className="imp-muted imp-center">
        {t('sponsor.stepHint', { points: fmt.format(project.unit_points), amount: fmt.format(project.unit_amount), unit: unitName(project, project.unit_amount) })}
      </p>

      {overBalance && <p className="imp-error" id="imp-over">{t('sponsor.overBalance')}</p>}
      {!online && <p className="imp-warning" id="imp-offline">{t('sponsor.offline')}</p>}
      {error && <p className="imp-error" role="alert">{error}</p>}

      <button
        type="button"
        className="imp-primary-button imp-wide"
        disabled={!confirmable}
        aria-describedby={[overBalance ? 'imp-over' : '', !online ? 'imp-offline' : ''].filter(Boolean).join(' ') || undefined}
        onClick={() => mutation.mutate(points)}
      >
        {t('sponsor.confirm')}
      </button>

      <InfoDialog open={infoOpen} title={t('sponsor.balanceInfoTitle')} closeLabel={t('sponsor.ok')} onClose={() => setInfoOpen(false)}>
        <p>{t('sponsor.balanceInfoText')}</p>
      </InfoDialog>
    </div>
  );
}
