/**
 * One transaction: what it was, and for a shop's reward its path to payout as a ladder (Tracked →
 * Pending → Confirmed → Paid to your targets, or Canceled in red with its reason), with the dates
 * reached and, while pending, the date it is expected to be confirmed by. Taken from the list when it
 * was seen there (offline too), else fetched on its own.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@contract/types';
import { CANCEL_REASONS } from '@contract/reward-path';
import { useLang } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { useBack } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { ScreenHeader } from '../../ui/screen-header';
import { CenteredSpinner } from '../../ui/spinner';
import { PointsAmount } from './points-amount';
import { formatDateDMY } from '../../lib/dates';
import { isWelcomeBonus, signedPoints, transactionKind, transactionState } from './display';
import { transactionQueries } from './queries';
import { rewardLadder } from './reward-path';
import { StepLadder } from './step-ladder';
import './transactions.css';

// The trips screen takes the ladder from here, so both screens and what they share are one lazy chunk.

function fromList(pages: readonly { results: Transaction[] }[], id: number): Transaction | undefined {
  for (const page of pages) {
    const found = page.results.find((x) => x.id === id);
    if (found) return found;
  }
  return undefined;
}

export function TransactionDetailScreen() {
  const { t } = useTranslation('transactions');
  const back = useBack('/transactions');
  const { txId } = useParams({ strict: false }) as { txId?: string };
  const id = Number(txId);
  // The list as it is saved, watched but never fetched from here: the offline bar then counts its age
  // ("Last updated …") as the age of what this screen shows.
  const list = useInfiniteQuery({ ...transactionQueries.list(), enabled: false });
  const listed = Number.isInteger(id) ? fromList(list.data?.pages ?? [], id) : undefined;
  // Shown at once from the list when it holds it, and fetched still: the reward may have moved on
  // (a conversion, the payout) while the app was open; focus and reconnect fetch it again.
  const query = useQuery({ ...transactionQueries.detail(id), enabled: Number.isInteger(id) && id > 0, placeholderData: listed });
  const tx = query.data ?? listed;

  return (
    <div className="tx-screen">
      <ScreenHeader title={t('txDetail.title')} onBack={back} backLabel={t('txDetail.back')} />
      {tx ? (
        <TransactionDetail tx={tx} />
      ) : query.isPending && query.fetchStatus !== 'idle' ? (
        <CenteredSpinner label={t('txDetail.loading')} />
      ) : (
        <p role="alert" className="tx-error">{t('txDetail.notFound')}</p>
      )}
    </div>
  );
}

function TransactionDetail({ tx }: { tx: Transaction }) {
  const { t } = useTranslation('transactions');
  const lang = useLang();
  const { userId } = useSession();
  const kind = transactionKind(tx.type.name);
  const state = transactionState(tx);
  const { sign, points } = signedPoints(tx, userId);
  const ext = tx.external_transaction;
  const ladder = rewardLadder(tx);
  const day = (iso: string) => formatDateDMY(iso);

  const reason = ladder?.cancelReason && (CANCEL_REASONS as readonly string[]).includes(ladder.cancelReason) ? ladder.cancelReason : 'other';
  const steps = ladder?.steps.map((s) => {
    const note = s.reached ? (s.date ? t('txDetail.reachedOn', { date: day(s.date) }) : t('txDetail.reached')) : t('txDetail.notYet');
    const extra = s.step === 'canceled' ? t(`txDetail.cancelReason.${reason as 'other'}`) : null;
    return { key: s.step, label: t(`txDetail.step.${s.step}`), reached: s.reached, note, extra, bad: s.step === 'canceled' };
  });

  return (
    <>
      <section aria-labelledby="tx-detail-heading">
        <h2 id="tx-detail-heading">{t(`type.${kind}`)}</h2>
        {isWelcomeBonus(tx) ? <p className="tx-about" data-testid="detail-about">{t('detail.welcome')}</p> : null}
        <dl className="tx-facts">
          <dt>{t('txDetail.date')}</dt>
          <dd>{day(tx.date)}</dd>
          <dt>{t('txDetail.points')}</dt>
          <dd data-testid="detail-points">
            <PointsAmount sign={sign} points={points} state={state} />
          </dd>
          {ext?.corporate_partner ? (
            <>
              <dt>{t('txDetail.shop')}</dt>
              <dd>{ext.corporate_partner.name}</dd>
            </>
          ) : null}
          {ext ? (
            <>
              <dt>{t('txDetail.purchase')}</dt>
              <dd>{formatMoney(ext.amount.amount, ext.amount.currency || 'EUR', lang)}</dd>
            </>
          ) : null}
          {state ? (
            <>
              <dt>{t('txDetail.status')}</dt>
              <dd className={`tx-state-${state}`} data-testid="detail-state">{t(`state.${state}`)}</dd>
            </>
          ) : null}
        </dl>
      </section>
      {ladder && steps ? (
        <section aria-labelledby="tx-path-heading">
          <h2 id="tx-path-heading">{t('txDetail.pathHeading')}</h2>
          {ladder.expectedBy ? (
            <p className="ladder-expected" data-testid="expected-by">{t('txDetail.expectedBy', { date: day(ladder.expectedBy) })}</p>
          ) : null}
          <StepLadder label={t('txDetail.pathLabel')} steps={steps} current={ladder.current} testId="reward-ladder" />
        </section>
      ) : null}
    </>
  );
}
