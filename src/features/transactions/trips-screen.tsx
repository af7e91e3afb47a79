/**
 * Shopping trips: every SHOP tap the server recorded, newest first, with what to expect, the reward a
 * trip led to, and for a trip 7 days old without one the way to report a missing reward; a report's
 * review shows as steps (submitted → under review → approved or rejected). Kept for offline starts;
 * a report filed offline shows as waiting until the outbox has sent it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShoppingTrip } from '@contract/types';
import { ApiRequestError } from '../../lib/http';
import { brandName } from '../../lib/catalogue/catalogue-logic';
import { formatDateDMY, formatDateTime } from '../../lib/dates';
import { useLang } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { useBack, useGo, useSearchParam } from '../../lib/navigation';
import { afterNextPaint } from '../../lib/after-paint';
import { useSession } from '../../lib/session';
import { usePendingChanges } from '../../offline/outbox';
import { AppLink } from '../../ui/app-link';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { LoadError } from '../../ui/load-error';
import { ScreenHeader } from '../../ui/screen-header';
import { moveFocus } from '../../ui/focus';
import { CenteredSpinner } from '../../ui/spinner';
import { TRIPS_LIMIT } from './api';
import { tripQueries } from './queries';
import { StepLadder, type LadderStep } from './step-ladder';
import { lazyPart } from '../../offline/lazy-part';
import { tripStatus } from './trips-logic';
import { installTripsSync } from './trips-sync';
import './transactions.css';

// The form (and its validation library) loads when a report is started.
const ClaimForm = lazyPart(() => import('./claim-form').then((m) => m.ClaimForm));

export function TripsScreen() {
  const { t } = useTranslation('transactions');
  const back = useBack('/transactions');
  const { userId } = useSession();
  const qc = useQueryClient();
  useEffect(() => installTripsSync(qc), [qc]);
  const query = useQuery({ ...tripQueries.list(), enabled: userId != null });
  const pending = usePendingChanges();
  const queuedClaims = useMemo(() => new Set(pending.flatMap((c) => (c.kind === 'claim' ? [c.tripId] : []))), [pending]);
  const latest = useMemo(() => query.data?.results ?? [], [query.data]);
  const unavailable = query.error instanceof ApiRequestError && query.error.status === 404;
  const [claimFor, setClaimFor] = useState<ShoppingTrip | null>(null);
  // The Report button goes away with a sent report: focus moves to the new claim's status, once shown.
  const focusClaimOf = useRef<number | null>(null);
  useEffect(() => {
    if (focusClaimOf.current == null) return;
    const claim = document.querySelector<HTMLElement>(`[data-trip-id="${focusClaimOf.current}"] [data-testid="trip-claim"]`);
    if (!claim) return;
    focusClaimOf.current = null;
    moveFocus(claim);
  });

  // A claim's message opens the list at its trip ('?trip=12'): once listed, it is scrolled to and focused
  // (after the frame in which the screen's title took focus), once: the address then drops '?trip', so Back
  // to this screen returns to where it was left, not to that trip again.
  const asked = useSearchParam('trip') ?? '';
  const go = useGo();
  const shownTrip = useRef('');
  // A trip older than the latest TRIPS_LIMIT is read on its own and listed after them (kept once the
  // address has dropped '?trip', so the focused item stays).
  const [olderId, setOlderId] = useState<number | null>(null);
  if (query.data && /^\d{1,9}$/.test(asked) && olderId !== Number(asked) && !latest.some((trip) => trip.id === Number(asked))) setOlderId(Number(asked));
  const older = useQuery({ ...tripQueries.one(olderId ?? 0), enabled: olderId != null && userId != null });
  const trips = useMemo(
    () => (older.data && !latest.some((trip) => trip.id === older.data.id) ? [...latest, older.data] : latest),
    [latest, older.data],
  );
  useEffect(() => {
    if (!asked || shownTrip.current === asked) return;
    const el = document.querySelector<HTMLElement>(`[data-trip-id="${CSS.escape(asked)}"]`);
    if (!el) return;
    shownTrip.current = asked;
    afterNextPaint(() => {
      if (!el.isConnected) return;
      el.scrollIntoView({ block: 'start' });
      moveFocus(el);
      go('/trips', { replace: true });
    });
  });

  return (
    <div className="tx-screen">
      <ScreenHeader title={t('trips.title')} onBack={back} backLabel={t('trips.back')} />
      <p>{t('trips.intro')}</p>
      <section className="trips-expect" aria-labelledby="trips-expect-heading">
        <h2 id="trips-expect-heading">{t('trips.expectHeading')}</h2>
        <ul>
          <li>{t('trips.expectTracked')}</li>
          <li>{t('trips.expectPending')}</li>
          <li>{t('trips.expectClaim')}</li>
        </ul>
      </section>
      <section className="tx-history" aria-labelledby="trips-list-heading">
        <h2 id="trips-list-heading">{t('trips.listHeading')}</h2>
        {/* Also while the user is not known yet (the query waits for them): not "no trips". */}
        {query.isPending ? (
          <CenteredSpinner label={t('trips.loading')} />
        ) : unavailable ? (
          <p className="muted">{t('trips.unavailable')}</p>
        ) : query.isError && trips.length === 0 ? (
          <LoadError message={t('trips.failed')} retryLabel={t('trips.retry')} onRetry={() => void query.refetch()} />
        ) : trips.length === 0 ? (
          <p className="muted">{t('trips.empty')}</p>
        ) : (
          <>
            <ul className="trips-list">
              {trips.map((trip) => (
                <TripItem key={trip.id} trip={trip} queuedClaim={queuedClaims.has(trip.id)} onReport={() => setClaimFor(trip)} />
              ))}
            </ul>
            {(query.data?.metadata.total ?? 0) > TRIPS_LIMIT ? <p className="muted tx-count">{t('trips.shownLatest', { count: TRIPS_LIMIT })}</p> : null}
          </>
        )}
      </section>
      <Modal open={claimFor != null} title={t('claim.title')} onClose={() => setClaimFor(null)}>
        {claimFor ? (
          <Suspense fallback={<CenteredSpinner label={t('trips.loading')} />}>
            <ClaimForm
              trip={claimFor}
              onDone={() => {
                focusClaimOf.current = claimFor.id;
                setClaimFor(null);
              }}
            />
          </Suspense>
        ) : null}
      </Modal>
    </div>
  );
}

function TripItem({ trip, queuedClaim, onReport }: { trip: ShoppingTrip; queuedClaim: boolean; onReport: () => void }) {
  const { t } = useTranslation('transactions');
  const lang = useLang();
  const status = tripStatus(trip, queuedClaim);
  const name = brandName(trip.corporate_partner, lang);
  const headingId = `trip-${trip.id}-name`;
  return (
    <li className="trip" data-testid="trip" data-trip-id={trip.id} aria-labelledby={headingId}>
      <div className="trip-head">
        {trip.corporate_partner.logo ? <img src={trip.corporate_partner.logo.url} alt="" /> : null}
        <div>
          <h3 id={headingId}>{name}</h3>
          <p className="trip-when">{t('trips.visited', { date: formatDateTime(trip.created_at, lang) })}</p>
        </div>
      </div>
      {status.kind === 'rewarded' && trip.claim ? <ClaimReview trip={trip} queued={false} /> : null}
      {status.kind === 'rewarded' ? (
        <div className="trip-actions">
          <p>{t('trips.rewarded')}</p>
          {trip.reward_state ? <p data-testid="trip-reward-step">{t(`trips.rewardStep.${trip.reward_state}`)}</p> : null}
          <AppLink className="tx-trips-link" to={`/transactions/${status.transactionId}`} aria-describedby={headingId}>
            {t('trips.viewReward')}
          </AppLink>
        </div>
      ) : status.kind === 'claimable' ? (
        <div className="trip-actions">
          <p>{t('trips.claimable')}</p>
          <Button variant="secondary" aria-describedby={headingId} onClick={onReport}>
            {t('trips.report')}
          </Button>
        </div>
      ) : status.kind === 'waiting' ? (
        <p>{t('trips.waiting', { date: formatDateDMY(status.claimFrom) })}</p>
      ) : (
        <ClaimReview trip={trip} queued={status.status === 'queued'} />
      )}
    </li>
  );
}

function ClaimReview({ trip, queued }: { trip: ShoppingTrip; queued: boolean }) {
  const { t } = useTranslation('transactions');
  const lang = useLang();
  const claim = trip.claim;
  return (
    <div className="trip-claim" data-testid="trip-claim">
      <h4>{t('trips.claimHeading')}</h4>
      {queued || !claim ? (
        <p data-testid="claim-queued">{t('trips.claimQueued')}</p>
      ) : (
        <>
          <p className="trip-when">
            {t('trips.claimFiled', { date: formatDateDMY(claim.created_at), order: claim.order_number, amount: formatMoney(claim.amount.amount, claim.amount.currency, lang) })}
          </p>
          <StepLadder label={t('trips.claimLabel')} steps={claimSteps(claim.status, t)} current={claim.status} testId="claim-ladder" />
          {claim.reason ? <p data-testid="claim-reason">{t('trips.claimReason', { reason: claim.reason })}</p> : null}
        </>
      )}
    </div>
  );
}

type ClaimStatus = NonNullable<ShoppingTrip['claim']>['status'];

function claimSteps(status: ClaimStatus, t: (k: `trips.claimState.${ClaimStatus | 'decided'}`) => string): LadderStep[] {
  const decided = status === 'approved' || status === 'rejected';
  return [
    { key: 'submitted', label: t('trips.claimState.submitted'), reached: true },
    { key: 'reviewing', label: t('trips.claimState.reviewing'), reached: status !== 'submitted' },
    { key: decided ? status : 'decided', label: t(`trips.claimState.${decided ? status : 'decided'}`), reached: decided, bad: status === 'rejected' },
  ];
}
