/** Project Sponsor: balance with info, a points/units stepper, Confirm. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@contract/types';
import { request } from '../../lib/http';
import { errorMsg, msg, useMsg, type Msg } from '../../lib/msg';
import { useLang } from '../../lib/i18n';
import { formatPoints } from '../../lib/money';
import { formatUnits } from '../../lib/units';
import { setUser, useSession } from '../../lib/session';
import { useOnline } from '../../offline/online';
import { Button, IconButton } from '../../ui/button';
import { InfoIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { ScreenHeader } from '../../ui/screen-header';
import { CenteredSpinner } from '../../ui/spinner';
import { Stepper } from '../../ui/stepper';
import { donate } from './api';
import { canConfirm, initialPoints, stepPoints, unitName, unitsFor } from './donation';
import { useGo, useRouteId } from '../../lib/navigation';
import { projectQueries } from '../../lib/projects/queries';
import { transactionQueries } from '../transactions/queries';
import { impactQueries } from './queries';
import './impact.css';
import { useBackTo } from '../../lib/screen-trail';

export function ProjectSponsorScreen() {
  const { t } = useTranslation('impact');
  const lang = useLang();
  const go = useGo();
  const backTo = useBackTo();
  const online = useOnline();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const id = useRouteId('projectId');
  const { data: project, isError } = useQuery({ ...projectQueries.detail(id ?? 0, lang), enabled: id !== null });
  const [points, setPoints] = useState(0);
  const [infoOpen, setInfoOpen] = useState(false);
  const [error, setError] = useState<Msg | null>(null);
  const show = useMsg();

  // Chosen points reset to one unit step on entry (and when the project arrives).
  const projectId = project?.id;
  useEffect(() => {
    if (project) setPoints(initialPoints(project));
  }, [projectId]); // eslint-disable-line react-hooks/exhaustive-deps

  const balance = user?.loyalty_account?.amount?.amount ?? 0;

  const mutation = useMutation({
    // Confirm shows only once the project is in.
    mutationFn: (amount: number) => donate(project!.id, amount),
    onSuccess: async () => {
      setError(null);
      // The balance lives on the user: read it again so every screen shows the new one.
      try {
        setUser(await request<User>('/application-users/me'));
      } catch {
        /* the next session refresh brings it */
      }
      void queryClient.invalidateQueries({ queryKey: impactQueries.contributions().queryKey });
      void queryClient.invalidateQueries({ queryKey: transactionQueries.all() });
      void queryClient.invalidateQueries({ queryKey: projectQueries.all() });
      void queryClient.invalidateQueries({ queryKey: impactQueries.allSavings() });
      // Replacing the form: Back from the thanks (and from My Impact after it) never reopens a filled-in donation.
      go(`/project/${id}/thanks`, { replace: true });
    },
    onError: (e) => {
      setError(errorMsg(e, (x) => msg(x.body?.error === 'insufficient_points' ? 'impact:sponsor.insufficient' : 'impact:sponsor.failed')));
    },
  });

  // Without the user (their record not yet loaded) there is no balance: a 0 would read as "not enough".
  if (!project || !user) {
    return (
      <div className="imp-screen">
        <ScreenHeader title="" onBack={backTo(id === null ? '/my-impact' : `/project/${id}`)} backLabel={t('sponsor.back')} />
        {(isError || id === null) && !project ? <p className="imp-error" role="alert">{t('project.notFound')}</p> : <CenteredSpinner />}
      </div>
    );
  }

  const step = stepPoints(project);
  const units = unitsFor(points, project);
  const overBalance = points > balance;
  const confirmable = online && canConfirm(points, balance) && !mutation.isPending;
  const reasons = [overBalance ? 'imp-over' : '', !online ? 'imp-offline' : ''].filter(Boolean).join(' ');

  return (
    <div className="imp-screen imp-sponsor">
      <ScreenHeader title={t('sponsor.title', { name: project.name })} onBack={backTo(`/project/${project.id}`)} backLabel={t('sponsor.back')} />

      <div className="imp-balance">
        <div className="imp-balance-text">
          <span className="imp-stat-label">{t('sponsor.balance')}</span>
          <strong data-testid="available-balance">{t('sponsor.balanceValue', { points: formatPoints(balance, lang) })}</strong>
        </div>
        <IconButton label={t('sponsor.balanceInfo')} onClick={() => setInfoOpen(true)}>
          <InfoIcon />
        </IconButton>
      </div>

      <div className="imp-stepper-box">
        <Stepper
          value={points}
          step={step}
          min={step}
          onChange={setPoints}
          label={t('sponsor.pointsLabel')}
          format={(v) => t('sponsor.balanceValue', { points: formatPoints(v, lang) })}
        />
        <p className="imp-step-units" data-testid="donation-units">
          <span className="imp-stat-label">{t('sponsor.unitsLabel')}: </span>
          {formatUnits(units, lang)} {unitName(project, units)}
        </p>
        <p className="muted imp-center">
          {t('sponsor.stepHint', { points: formatPoints(step, lang), amount: formatUnits(project.unit_amount, lang), unit: unitName(project, project.unit_amount) })}
        </p>
      </div>

      {overBalance && <p className="imp-error" id="imp-over">{t('sponsor.overBalance')}</p>}
      {!online && <p className="imp-warning" id="imp-offline">{t('sponsor.offline')}</p>}
      {error && <p className="imp-error" role="alert">{show(error)}</p>}

      <Button block disabled={!confirmable} busy={mutation.isPending} aria-describedby={reasons || undefined} onClick={() => mutation.mutate(points)}>
        {t('sponsor.confirm')}
      </Button>

      <Modal open={infoOpen} title={t('sponsor.balanceInfoTitle')} onClose={() => setInfoOpen(false)}>
        <p>{t('sponsor.balanceInfoText')}</p>
        <Button block onClick={() => setInfoOpen(false)}>{t('sponsor.ok')}</Button>
      </Modal>
    </div>
  );
}
