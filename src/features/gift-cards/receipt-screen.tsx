/**
 * Receipt of one gift-card order: brand, amount, reward, order number, status and times. A paid
 * order opens its wallet card; one awaiting payment can be paid (a new payment link in the active
 * language) or cancelled. Shows the kept copy offline; the actions need the network.
 */
import { useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Order } from '@contract/types';
import { formatTimestamp } from '../../lib/dates';
import { ApiRequestError } from '../../lib/http';
import { useLang } from '../../lib/i18n';
import { formatMoney, formatPoints } from '../../lib/money';
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
import { orderFromList, purchaseQueries } from './queries';
import '../../ui/screen.css';
import '../../ui/load-error.css';
import './purchases.css';
import { useOrderActions } from './use-order-actions';

function Receipt({ order }: { order: Order }) {
  const { t } = useTranslation('purchases');
  const lang = useLang();
  const online = useOnline();
  // The Cancel button goes away with its success: focus moves to the status it changed, not the body.
  const statusRef = useRef<HTMLElement>(null);
  const { problem, leaving, cancelling, busy, payNow, cancel } = useOrderActions(order, (o) => {
    // The status line stays mounted and now says Canceled.
    statusRef.current?.focus();
    announce(t('cancelled_done', { id: o.id }));
  });
  const points = order.reward_points;
  const reward =
    order.status === 'paid' && points !== null
      ? t('reward_value', { count: points, points: formatPoints(points, lang), money: formatMoney(points, 'EUR', lang) })
      : order.status === 'pending'
        ? t('reward_pending')
        : t('reward_none');

  return (
    <div className="sp-receipt__card">
      <dl className="sp-receipt__facts">
        <div>
          <dt>{t('brand')}</dt>
          <dd data-testid="receipt-brand">{brandName(order.corporate_partner, lang)}</dd>
        </div>
        <div>
          <dt>{t('amount')}</dt>
          <dd data-testid="receipt-amount">{formatMoney(order.amount, order.currency, lang)}</dd>
        </div>
        <div>
          <dt>{t('reward')}</dt>
          <dd data-testid="receipt-reward">
            {reward}
            {/* The order does not know its transaction's state: don't claim it confirmed, point to it. */}
            {order.status === 'paid' && points !== null ? (
              <span className="sp-receipt__note">
                {t('reward_state')} <AppLink to="/transactions">{t('reward_state_link')}</AppLink>
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('number')}</dt>
          <dd data-testid="receipt-number">#{order.id}</dd>
        </div>
        <div>
          <dt>{t('status_label')}</dt>
          <dd ref={statusRef} tabIndex={-1} data-testid="receipt-status">
            <OrderStatus order={order} />
          </dd>
        </div>
        <div>
          <dt>{t('ordered_at')}</dt>
          <dd><time dateTime={order.created_at}>{formatTimestamp(order.created_at, lang)}</time></dd>
        </div>
        {order.settled_at && order.status !== 'pending' ? (
          <div>
            <dt>{t(order.status === 'paid' ? 'paid_at' : order.expired ? 'expired_at' : 'cancelled_at')}</dt>
            <dd><time dateTime={order.settled_at}>{formatTimestamp(order.settled_at, lang)}</time></dd>
          </div>
        ) : null}
      </dl>
      {order.status === 'paid' && order.wallet_item_id ? <AppLink to={`/wallet/${order.wallet_item_id}`}>{t('open_card')}</AppLink> : null}
      {order.status === 'pending' ? (
        <div className="sp-receipt__actions">
          <p>{t('pending_note')}</p>
          <div className="sp-receipt__buttons">
            <Button
              onClick={payNow}
              busy={leaving}
              disabled={busy || !online}
              aria-describedby={online ? undefined : 'receipt-offline'}
            >
              {leaving ? t('resuming') : t('resume')}
            </Button>
            <CancelOrder
              order={order}
              label={t('cancel')}
              cancelling={cancelling}
              busy={busy}
              offlineReasonId="receipt-offline"
              problem={problem}
              onConfirm={cancel}
            />
          </div>
          <OfflineReason id="receipt-offline" />
        </div>
      ) : null}
      {problem ? <p className="sp-error__text" role="alert">{t(problem)}</p> : null}
    </div>
  );
}

export function ReceiptScreen() {
  const { t } = useTranslation('purchases');
  const qc = useQueryClient();
  const back = useBack('/purchases');
  const params = useParams({ strict: false }) as { orderId?: string };
  const id = /^\d{1,9}$/.test(params.orderId ?? '') ? Number(params.orderId) : 0;
  // Its status may have changed on the payment page: ask each time (the kept copy shows meanwhile).
  const q = useQuery({ ...purchaseQueries.order(id), enabled: id > 0, refetchOnMount: 'always', placeholderData: () => orderFromList(qc, id) });
  const notFound = id === 0 || (q.error instanceof ApiRequestError && q.error.status === 404);

  return (
    <div className="sp-screen sp-receipt">
      <ScreenHeader title={t('receipt_title')} onBack={back} backLabel={t('back_to_purchases')} />
      {q.data ? (
        <Receipt order={q.data} />
      ) : notFound ? (
        <p role="alert">{t('not_found')}</p>
      ) : q.isError ? (
        <LoadError onRetry={() => void q.refetch()} />
      ) : (
        <CenteredSpinner />
      )}
    </div>
  );
}
