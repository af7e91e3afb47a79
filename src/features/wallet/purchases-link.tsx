/** The wallet's way to past purchases, once the server has answered with orders (an older server has none: 404). */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../ui/app-link';
import { purchaseQueries } from '../gift-cards/queries';

export function PurchasesLink() {
  const { t } = useTranslation('wallet');
  const purchases = useInfiniteQuery(purchaseQueries.list());
  return purchases.data ? (
    <AppLink className="sp-wallet__purchases" to="/purchases">
      {t('purchases')}
    </AppLink>
  ) : null;
}
