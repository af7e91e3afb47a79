/** What the purchases list and the receipt share: an order's status in words. */
import type { Order } from '@contract/types';
import { useTranslation } from 'react-i18next';

/** The status as text; the colour only repeats it. An order the server cancelled for want of payment says Expired. */
export function OrderStatus({ order }: { order: Pick<Order, 'status' | 'expired'> }) {
  const { t } = useTranslation('purchases');
  const status = order.status === 'cancelled' && order.expired ? 'expired' : order.status;
  return <span className={`sp-order-status sp-order-status--${status}`} data-status={status}>{t(`status.${status}`)}</span>;
}
