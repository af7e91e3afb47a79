import { useTranslation } from 'react-i18next';
import type { Project, Transaction } from '@contract/types';
import { useLang } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { formatUnits } from '../../lib/units';
import { AppLink } from '../../ui/app-link';
import { PointsAmount } from './points-amount';
import { isWelcomeBonus, signedPoints, transactionKind, transactionProject, transactionState, unitLabel } from './display';

function humanize(name: string): string {
  const s = name.replace(/[_-]+/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function TransactionRow({ tx, userId, projects }: { tx: Transaction; userId: number | null; projects?: Map<number, Project> }) {
  const { t } = useTranslation('transactions');
  const lang = useLang();
  const kind = transactionKind(tx.type.name);
  const state = transactionState(tx);
  const { sign, points } = signedPoints(tx, userId);
  const ext = tx.external_transaction;
  const partner = ext?.corporate_partner?.name;
  const amount = ext ? formatMoney(ext.amount.amount, ext.amount.currency || 'EUR', lang) : '';
  const project = transactionProject(tx);

  let detail = '';
  if (kind === 'impact' && project) {
    const unit = tx.units != null ? unitLabel(projects?.get(project.id), tx.units) : null;
    detail =
      tx.units == null
        ? t('detail.impactProject', { project: project.name })
        : unit
          ? t('detail.impactNamedUnits', { count: tx.units, amount: formatUnits(tx.units, lang), unit, project: project.name })
          : t('detail.impactUnits', { count: tx.units, amount: formatUnits(tx.units, lang), project: project.name });
  } else if ((kind === 'purchase' || kind === 'return') && partner) {
    detail = t(kind === 'purchase' ? 'detail.purchaseAt' : 'detail.returnAt', { amount, partner });
  } else if (isWelcomeBonus(tx)) {
    detail = t('detail.welcome');
  } else if (kind === 'contribution') {
    detail = t('detail.contribution');
  } else if (kind === 'other') {
    detail = t('detail.generic', { name: humanize(tx.type.name) });
  } else if (partner) {
    detail = partner;
  }

  return (
    <li className={`tx-row tx-kind-${kind}`} data-testid="transaction" data-type={tx.type.name}>
      <AppLink className="tx-link" to={`/transactions/${tx.id}`}>
      <span className="tx-icon" aria-hidden="true">{ICONS[kind]}</span>
      <span className="tx-main">
        <span className="tx-type" data-testid="transaction-type">{t(`type.${kind}`)}</span>
        {detail && <span className="tx-detail">{detail}</span>}
        {state && (
          <span className={`tx-state tx-state-${state}`} data-testid="transaction-state">
            <span className="tx-visually-hidden">{t('state.label')}: </span>
            {t(`state.${state}`)}
          </span>
        )}
      </span>
      <span className={`tx-points tx-points-${state === 'canceled' ? 'canceled' : sign === '-' ? 'minus' : 'plus'}`} data-testid="transaction-points">
        <PointsAmount sign={sign} points={points} state={state} />
      </span>
      </AppLink>
    </li>
  );
}

const ICONS: Record<ReturnType<typeof transactionKind>, string> = {
  ambassador: '★',
  contribution: '€',
  bonus: '+',
  impact: '♥',
  purchase: '◆',
  return: '↩',
  other: '•',
};
