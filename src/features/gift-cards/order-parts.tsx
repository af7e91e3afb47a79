/** Pieces the purchases list and the receipt share: an order's status in words, its brand's name. */
import type { Order } from '@contract/types';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../lib/i18n';

export function orderBrand(o: Order, lang: Lang): string {
  return lang === 'nl' && o.corporate_partner.name_nld ? o.corporate_partner.name_nld : o.corporate_partner.name;
}

/** The status as text; the colour only repeats it. */
export function OrderStatus({ status }: { status: Order['status'] }) {
  const { t } = useTranslation('purchases');
  return <span className={`sp-order-status sp-order-status--${status}`} data-status={status}>{t(`status.${status}`)}</span>;
}
