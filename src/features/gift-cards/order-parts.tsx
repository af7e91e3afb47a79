/** What the purchases list and the receipt share: an order's status in words, and Cancel asked once more. */
import { useState } from 'react';
import type { Order } from '@contract/types';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useOnline } from '../../offline/online';
import type { OrderProblem } from './use-order-actions';

/** The status as text; the colour only repeats it. An order the server cancelled for want of payment says Expired. */
export function OrderStatus({ order }: { order: Pick<Order, 'status' | 'expired'> }) {
  const { t } = useTranslation('purchases');
  const status = order.status === 'cancelled' && order.expired ? 'expired' : order.status;
  return <span className={`sp-order-status sp-order-status--${status}`} data-status={status}>{t(`status.${status}`)}</span>;
}

/**
 * Cancel for an order awaiting payment, confirmed in a dialog first (a purchase is not undone by a
 * stray tap; WCAG 3.3.4). Once cancelled the order is no longer pending and this goes with its dialog.
 */
export function CancelOrder(props: {
  order: Pick<Order, 'id'>;
  label: string;
  ariaLabel?: string;
  cancelling: boolean;
  /** Another action on the order is under way. */
  busy: boolean;
  /** The OfflineReason beside the order's actions. */
  offlineReasonId: string;
  /** Why the last try did not work, said inside the dialog (the page under it is inert). */
  problem: OrderProblem | null;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('purchases');
  const online = useOnline();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setAsking(true)}
        busy={props.cancelling}
        disabled={props.busy || !online}
        aria-label={props.ariaLabel}
        aria-describedby={online ? undefined : props.offlineReasonId}
      >
        {props.label}
      </Button>
      <Modal open={asking} title={t('cancel_confirm_title', { id: props.order.id })} onClose={() => !props.cancelling && setAsking(false)}>
        <p>{t('cancel_confirm_body')}</p>
        {props.problem ? <p className="sp-error__text" role="alert">{t(props.problem)}</p> : null}
        <div className="form-actions">
          {/* The network may go while the dialog is open. */}
          <Button variant="danger" block busy={props.cancelling} disabled={!online} onClick={props.onConfirm}>
            {t('cancel_confirm')}
          </Button>
          <Button variant="secondary" block onClick={() => setAsking(false)} disabled={props.cancelling}>
            {t('cancel_keep')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
