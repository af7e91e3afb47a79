/** Transactions: balances with an info modal, then the history grouped by day. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { groupByDay } from './display';
import { Button, IconButton } from '../../ui/button';
import { InfoIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { LoadError } from '../../ui/load-error';
import { ScreenHeader } from '../../ui/screen-header';
import { CenteredSpinner } from '../../ui/spinner';
import { AppLink } from '../../ui/app-link';
import { transactionQueries, tripQueries } from './queries';
import { pointTotals } from './reward-path';
import { TransactionRow } from './transaction-row';
import './transactions.css';
import { useBackTo } from '../../lib/screen-trail';

export function TransactionsScreen() {
  const { t } = useTranslation('transactions');
  const lang = useLang();
  const { user, userId } = useSession();
  const backTo = useBackTo();
  const [infoOpen, setInfoOpen] = useState(false);
  const query = useInfiniteQuery({ ...transactionQueries.list(), enabled: userId != null });
  const projectsQuery = useQuery({ ...transactionQueries.projects(lang), enabled: userId != null });
  const projects = useMemo(() => new Map((projectsQuery.data?.results ?? []).map((p) => [p.id, p])), [projectsQuery.data]);
  const fmt = new Intl.NumberFormat(lang);

  const items = useMemo(() => query.data?.pages.flatMap((p) => p.results) ?? [], [query.data]);
  const total = query.data?.pages.at(-1)?.metadata.total ?? 0;
  const groups = useMemo(() => groupByDay(items), [items]);
  const detailed = user?.loyalty_account?.detailed;
  const totals = pointTotals(detailed);
  // Shown only against a server that keeps shopping trips (an older one answers 404).
  const trips = useQuery({ ...tripQueries.list(), enabled: userId != null });

  return (
    <div className="tx-screen">
      <ScreenHeader title={t('title')} onBack={backTo('/menu')} backLabel={t('backToMenu')} />

      {/* Until the signed-in user is known (their record still loading, or offline before it was ever
          saved) there are no balances to show: the history's loading state stands for the screen. */}
      {user ? (
        <section className="tx-balances" aria-labelledby="tx-balances-heading">
          <div className="tx-balances-head">
            <h2 id="tx-balances-heading">{t('balances.heading')}</h2>
            <IconButton label={t('balances.info')} onClick={() => setInfoOpen(true)}>
              <InfoIcon />
            </IconButton>
          </div>
          <dl className="tx-balance-list">
            <div>
              <dt>{t('balances.earned')}</dt>
              <dd data-testid="points-earned">{fmt.format(detailed?.points_earned ?? 0)}</dd>
            </div>
            <div>
              <dt>{t('balances.pending')}</dt>
              <dd data-testid="points-pending">{fmt.format(totals.pending)}</dd>
            </div>
            <div>
              <dt>{t('balances.cleared')}</dt>
              <dd data-testid="points-cleared">{fmt.format(totals.confirmed)}</dd>
            </div>
            <div>
              <dt>{t('balances.available')}</dt>
              <dd data-testid="points-available">{fmt.format(user?.loyalty_account?.amount?.amount ?? 0)}</dd>
            </div>
          </dl>
        </section>
      ) : null}

      <section className="tx-history" aria-labelledby="tx-history-heading">
        <div className="tx-history-head">
          <h2 id="tx-history-heading">{t('list.heading')}</h2>
          {trips.data ? (
            <AppLink className="tx-trips-link" to="/trips">
              {t('list.tripsLink')}
            </AppLink>
          ) : null}
        </div>
        {query.isPending ? (
          <CenteredSpinner label={t('list.loading')} />
        ) : query.isError && items.length === 0 ? (
          <LoadError message={t('list.failed')} retryLabel={t('list.retry')} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <p className="muted">{t('list.empty')}</p>
        ) : (
          <>
            {groups.map((group) => (
              <section key={group.day} className="tx-day" aria-label={group.day}>
                <h3 className="tx-day-heading" data-testid="transaction-day">{group.day}</h3>
                <ul className="tx-list">
                  {group.items.map((tx) => (
                    <TransactionRow key={tx.id} tx={tx} userId={userId} projects={projects} />
                  ))}
                </ul>
              </section>
            ))}
            <p className="muted tx-count" aria-live="polite">{t('list.shown', { shown: items.length, total })}</p>
            {query.hasNextPage && (
              <Button variant="secondary" className="tx-more" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {t('list.loadMore')}
              </Button>
            )}
            {query.isFetchNextPageError && <p className="tx-error" role="alert">{t('list.failed')}</p>}
          </>
        )}
      </section>

      <Modal open={infoOpen} title={t('balances.infoTitle')} onClose={() => setInfoOpen(false)}>
        <p>{t('balances.infoText1')}</p>
        <p>{t('balances.infoText2')}</p>
        <p>{t('balances.infoText3')}</p>
        <Button block onClick={() => setInfoOpen(false)}>{t('balances.ok')}</Button>
      </Modal>
    </div>
  );
}
