import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import type { TransactionState } from './display';

/**
 * A transaction's points, the same in the list and the detail. A canceled reward is struck through
 * with the words "not earned" beside it: the totals leave it out, so it must not read as a gain.
 */
export function PointsAmount({ sign, points, state }: { sign: '+' | '-'; points: number; state: TransactionState | null }) {
  const { t } = useTranslation('transactions');
  const lang = useLang();
  const text = t('list.points', { sign: sign === '-' ? '−' : '+', points: new Intl.NumberFormat(lang).format(points) });
  if (state !== 'canceled') return <>{text}</>;
  return (
    <>
      <s>{text}</s> <span className="tx-not-earned">{t('list.notEarned')}</span>
    </>
  );
}
