/** What the purchases list and the receipt share: an order's status in words. */
import type { Order } from '@contract/types';
import { useTranslation } from 'react-i18next';

/** The status as text; the colour only repeats it. */
export function OrderStatus({ status }: { status: Order['status'] }) {
  const { t } = useTranslation('purchases');
  return <span className={`sp-order-status sp-order-status--${status}`} data-status={status}>{t(`status.${status}`)}</span>;
}
