/**
 * On a wallet card: "Record a spend" and "Correct balance" (an amount typed in euros, checked here
 * by the card's rules in a schema form (lib/form.ts) and again by the server), and the card's balance history: date, change and resulting balance, the
 * events still waiting for the network first, marked pending. Changes go through the outbox, so they
 * work offline and survive a reload.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { z } from '../../lib/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WalletItem } from '@contract/types';
import { formatDateTime } from '../../lib/dates';
import { errorOf, useSchemaForm } from '../../lib/form';
import { useLang } from '../../lib/i18n';
import { formatMoney, formatMoneyChange } from '../../lib/money';
import { useMsg, type MsgKey } from '../../lib/msg';
import { useOnline } from '../../offline/online';
import { onOutboxRejected } from '../../offline/outbox-state';
import { PendingMark } from '../../offline/pending-mark';
import { Button } from '../../ui/button';
import { MAX_BALANCE_CENTS, newEventId, parseEuroInput, type CardView } from './balance-logic';
import { walletQueries } from './queries';

type Mode = 'spend' | 'correction';

/** The amount field's schema: the card's rules (parseEuroInput) as a wallet message key; the value in cents. */
function amountSchema(mode: Mode, balance: number) {
  return z.object({
    amount: z.string().transform((text, ctx) => {
      const { cents, error } = parseEuroInput(text, mode, balance);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: `wallet:amount_error_${error ?? 'empty'}` satisfies MsgKey });
        return z.NEVER;
      }
      return cents;
    }),
  });
}

function AmountForm(props: {
  mode: Mode;
  balance: number;
  currency: string;
  onSave: (cents: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('wallet');
  const lang = useLang();
  const show = useMsg();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const schema = useMemo(() => amountSchema(props.mode, props.balance), [props.mode, props.balance]);
  const form = useSchemaForm(schema, { amount: '' });
  const { setFocus } = form;
  useEffect(() => setFocus('amount'), [setFocus]);
  const balanceText = formatMoney(props.balance, props.currency, lang);
  const problem = errorOf(form.formState.errors.root);
  // The card's figures go into whichever message the rules chose.
  const error = problem && 'key' in problem ? show({ ...problem, opts: { balance: balanceText, max: formatMoney(MAX_BALANCE_CENTS, props.currency, lang) } }) : show(problem);
  return (
    <form
      className="sp-balance__form"
      noValidate
      onSubmit={form.handleSubmit(
        ({ amount }) => props.onSave(amount),
        () => setFocus('amount'),
      )}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          // Not the screen's Escape too: preventDefault stops the dialog's own 'cancel', which closed the
          // card screen with the amount typed.
          e.preventDefault();
          e.stopPropagation();
          props.onCancel();
        }
      }}
    >
      <label htmlFor={inputId}>{props.mode === 'spend' ? t('spend_label') : t('correct_label')}</label>
      <div className="sp-balance__input">
        <span aria-hidden="true">€</span>
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hintId}
          {...form.register('amount')}
        />
      </div>
      {error ? (
        <p id={errorId} className="sp-balance__error" role="alert">
          {error}
        </p>
      ) : (
        <p id={hintId} className="sp-muted">
          {props.mode === 'spend' ? t('spend_hint', { balance: balanceText }) : t('correct_hint')}
        </p>
      )}
      <div className="sp-balance__buttons">
        <Button type="submit" variant="primary">{t('save')}</Button>
        <Button variant="secondary" onClick={props.onCancel}>{t('cancel')}</Button>
      </div>
    </form>
  );
}

function History(props: { item: WalletItem; view: CardView }) {
  const { t } = useTranslation('wallet');
  const lang = useLang();
  const { item, view } = props;
  const q = useQuery(walletQueries.events(item.id));
  const saved = q.data?.results ?? [];
  const rows = [
    ...view.pendingEvents.map((e) => ({ key: e.eventId, at: e.at, change: e.change, balance: e.balance, type: e.type, pending: true })),
    ...saved.map((e) => ({ key: e.event_id, at: Date.parse(e.created_at), change: e.change, balance: e.balance, type: e.type, pending: false })),
  ];
  const headingId = useId();
  return (
    <section className="sp-balance__history" aria-labelledby={headingId}>
      <h2 id={headingId} className="sp-balance__heading">{t('history_title')}</h2>
      {q.isPending && rows.length === 0 ? <p className="sp-muted">{t('history_loading')}</p> : null}
      {q.isError && !q.data ? <p className="sp-muted">{t('history_unavailable')}</p> : null}
      {!q.isPending && rows.length === 0 && !q.isError ? <p className="sp-muted">{t('history_empty')}</p> : null}
      {rows.length > 0 ? (
        // With large text the columns may not fit a phone: the table scrolls sideways on its own (by keyboard too).
        <div className="sp-balance__table-wrap" role="group" aria-labelledby={headingId} tabIndex={0}>
          <table className="sp-balance__table">
            <thead>
              <tr>
                <th scope="col">{t('history_date')}</th>
                <th scope="col">{t('history_change')}</th>
                <th scope="col">{t('history_balance')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} data-pending={r.pending || undefined}>
                  <td>
                    {formatDateTime(r.at, lang)}
                    <span className="sp-balance__kind">{r.type === 'spend' ? t('history_spend') : t('history_correction')}</span>
                    {r.pending ? <PendingMark className="sp-balance__pending" /> : null}
                  </td>
                  <td className="sp-balance__num">{formatMoneyChange(r.change, item.currency, lang)}</td>
                  <td className="sp-balance__num">{formatMoney(r.balance, item.currency, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

export function BalancePanel(props: {
  item: WalletItem;
  view: CardView;
  onRecord: (type: Mode, cents: number, eventId: string) => Promise<void>;
}) {
  const { t } = useTranslation('wallet');
  const lang = useLang();
  const online = useOnline();
  const { item, view } = props;
  const [mode, setMode] = useState<Mode | null>(null);
  // untilSynced: an offline record's line ("… It will sync …") goes once nothing of this card waits any
  // more (sent, or refused: the refusal says so itself); seenPending: its change has reached the outbox.
  // eventId: the record's, so the server refusing it takes the "recorded" line back (its toast says why).
  const [status, setStatus] = useState<{ text: string; untilSynced: boolean; seenPending?: boolean; eventId?: string } | null>(null);
  useEffect(
    () => onOutboxRejected((change) => setStatus((s) => (change.kind === 'balance' && s?.eventId === change.eventId ? null : s))),
    [],
  );
  if (status?.untilSynced && view.pending && !status.seenPending) setStatus({ ...status, seenPending: true });
  if (status?.untilSynced && status.seenPending && !view.pending) setStatus(null);
  const ids = { spend: useId(), correction: useId() };
  const close = (m: Mode) => {
    setMode(null);
    // Focus goes back to the button that opened the form.
    requestAnimationFrame(() => document.getElementById(ids[m])?.focus());
  };
  return (
    <div className="sp-balance">
      <div className="sp-balance__actions">
        <Button id={ids.spend} variant="secondary" aria-expanded={mode === 'spend'} onClick={() => { setStatus(null); setMode(mode === 'spend' ? null : 'spend'); }} disabled={view.amount === 0}>
          {t('record_spend')}
        </Button>
        <Button id={ids.correction} variant="secondary" aria-expanded={mode === 'correction'} onClick={() => { setStatus(null); setMode(mode === 'correction' ? null : 'correction'); }}>
          {t('correct_balance')}
        </Button>
      </div>
      {mode ? (
        <AmountForm
          key={mode}
          mode={mode}
          balance={view.amount}
          currency={item.currency}
          onCancel={() => close(mode)}
          onSave={(cents) => {
            const done = mode;
            const amount = formatMoney(cents, item.currency, lang);
            // The event's id is known before it is queued: a refusal can come while it is being queued.
            const eventId = newEventId();
            setStatus({
              text: (done === 'spend' ? t('spend_recorded', { amount }) : t('balance_corrected', { amount })) + (online ? '' : ` ${t('will_sync')}`),
              untilSynced: !online,
              eventId,
            });
            void props.onRecord(done, cents, eventId);
            close(done);
          }}
        />
      ) : null}
      <p className="sp-balance__status" role="status">{status?.text}</p>
      <History item={item} view={view} />
    </div>
  );
}
