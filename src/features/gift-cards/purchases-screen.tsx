/**
 * Purchases: the user's gift-card orders (paid, cancelled, expired, awaiting payment), newest first, each
 * a heading that opens its receipt, with amount, status (as text) and time; one awaiting payment offers
 * Pay now and Cancel on its row. Kept for offline starts.
 */
import { useMemo, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Order } from '@contract/types';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../lib/dates';
import { useLang } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { useBack } from '../../lib/navigation';
import { useOnline } from '../../offline/online';
import { OfflineReason } from '../../offline/offline-reason';
import { announce } from '../../ui/announcer';
import { AppLink } from '../../ui/app-link';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { ScreenHeader } from '../../ui/screen-header';
import { CenteredSpinner } from '../../ui/spinner';
import { CancelOrder, OrderStatus } from './order-parts';
import { brandName } from '../../lib/catalogue/catalogue-logic';
import { purchaseQueries } from './queries';
import { useOrderActions } from './use-order-actions';
import '../../ui/screen.css';
import '../../ui/load-error.css';
import './purchases.css';

export function PurchasesScreen() {
  const { t } = useTranslation('purchases');
  const back = useBack('/menu');
  // An order may have been made or settled on the payment page a moment ago: ask each time the screen
  // opens (the kept copy shows meanwhile, and offline).
  const query = useInfiniteQuery({ ...purchaseQueries.list(), refetchOnMount: 'always' });
  const orders = useMemo(() => query.data?.pages.flatMap((p) => p.results) ?? [], [query.data]);
  const total = query.data?.pages.at(-1)?.metadata.total ?? 0;

  return (
    <div className="sp-screen sp-purchases">
      <ScreenHeader title={t('title')} onBack={back} />
      {query.isPending ? (
        <CenteredSpinner label={t('loading')} />
      ) : query.isError && orders.length === 0 ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : orders.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <>
          <p className="muted">{t('intro')}</p>
          <ul className="sp-purchases__list">
            {orders.map((o) => (
              <PurchaseRow key={o.id} order={o} />
            ))}
          </ul>
          <p className="muted" aria-live="polite">{t('shown', { shown: orders.length, total })}</p>
          {query.hasNextPage ? (
            <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('load_more')}
            </Button>
          ) : null}
          {query.isFetchNextPageError ? <p className="sp-error__text" role="alert">{t('load_failed')}</p> : null}
        </>
      )}
    </div>
  );
}

function PurchaseRow({ order: o }: { order: Order }) {
  const { t } = useTranslation('purchases');
  const lang = useLang();
  const online = useOnline();
  // Cancel takes its buttons away: focus moves to the status it changed.
  const statusRef = useRef<HTMLSpanElement>(null);
  const { problem, leaving, cancelling, busy, payNow, cancel } = useOrderActions(o, (done) => {
    statusRef.current?.focus();
    announce(t('cancelled_done', { id: done.id }));
  });
  const offlineId = `purchase-offline-${o.id}`;
  return (
    <li className="sp-purchases__item" data-order-id={o.id}>
      <h2 className="sp-purchases__brand">
        <AppLink to={`/purchases/${o.id}`} aria-label={`${brandName(o.corporate_partner, lang)}, ${t('open_receipt', { id: o.id })}`}>
          {brandName(o.corporate_partner, lang)}
        </AppLink>
      </h2>
      <p className="sp-purchases__line">
        <span className="sp-purchases__amount">{formatMoney(o.amount, o.currency, lang)}</span>
        <span ref={statusRef} tabIndex={-1} className="sp-purchases__status">
          <OrderStatus order={o} />
        </span>
      </p>
      <p className="muted sp-purchases__meta">
        {t('order_number', { id: o.id })} · <time dateTime={o.created_at}>{formatTimestamp(o.created_at, lang)}</time>
      </p>
      {o.status === 'pending' ? (
        <div className="sp-purchases__actions">
          <Button onClick={payNow} busy={leaving} disabled={busy || !online} aria-label={t('pay_now_order', { id: o.id })} aria-describedby={online ? undefined : offlineId}>
            {leaving ? t('resuming') : t('pay_now')}
          </Button>
          <CancelOrder
            order={o}
            label={t('cancel_short')}
            ariaLabel={t('cancel_order', { id: o.id })}
            cancelling={cancelling}
            busy={busy}
            offlineReasonId={offlineId}
            problem={problem}
            onConfirm={cancel}
          />
          <OfflineReason id={offlineId} />
        </div>
      ) : null}
      {problem ? <p className="sp-error__text" role="alert">{t(problem)}</p> : null}
    </li>
  );
}
