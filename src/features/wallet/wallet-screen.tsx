/**
 * Wallet: after a payment return (?orderId=…[&status=cancelled]) order readiness is polled
 * every 3000 ms until 200, with progress shown; polling stops when the screen is left (the query
 * unmounts). Then (or at once without orderId) the wallet loads: cards with logo and balance (the
 * formatted amount carries its currency),
 * Redeem when a digital card link exists, primary partners first; a spinner; 'no_wallet_items' when empty.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { WalletItem } from '@contract/types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { afterNextPaint, whenIdle } from '../../lib/after-paint';
import { ApiRequestError } from '../../lib/http';
import { formatTimestamp } from '../../lib/dates';
import { useLang } from '../../lib/i18n';
import { openExternal } from '../../lib/links';
import { formatMoney } from '../../lib/money';
import { useGo } from '../../lib/navigation';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { ScreenHeader } from '../../ui/screen-header';
import { AppLink } from '../../ui/app-link';
import { CenteredSpinner, Spinner } from '../../ui/spinner';
import { lazyPart } from '../../offline/lazy-part';
import { PendingMark } from '../../offline/pending-mark';
import { saveScreenOnHide } from '../../offline/save-screen';
import { cardView, walletCapabilities, type CardView } from './balance-logic';
import { ExpiryNote } from './expiry-note';
import { walletQueries } from './queries';
import { useWalletChanges } from './use-wallet-changes';
import { SEARCH_FROM, matchesSearch, orderPhase, sortWallet } from './wallet-logic';
import './wallet.css';
import { useBackTo } from '../../lib/screen-trail';

function readSearch(search: unknown): { orderId?: string; status?: string } {
  const s = (search ?? {}) as Record<string, unknown>;
  const orderId = s.orderId === undefined || s.orderId === null || s.orderId === '' ? undefined : String(s.orderId);
  return { orderId, status: typeof s.status === 'string' ? s.status : undefined };
}

const PurchasesLink = lazyPart(() => import('./purchases-link').then((m) => m.PurchasesLink), { optional: true, fallback: null });

/** True once `shown` held in a painted frame and the main thread is idle (kept here: in lib it would join the entry). */
function useShownAfterPaint(shown: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (shown && !painted) afterNextPaint(() => whenIdle(() => setPainted(true)));
  }, [shown, painted]);
  return painted;
}

export function WalletScreen() {
  const { t } = useTranslation('wallet');
  const lang = useLang();
  const backTo = useBackTo();
  const qc = useQueryClient();
  const { orderId, status } = readSearch(useSearch({ strict: false }));
  const cancelledByUrl = status === 'cancelled';
  const order = useQuery({ ...walletQueries.order(orderId ?? ''), enabled: !!orderId && !cancelledByUrl });
  const err = order.error instanceof ApiRequestError ? order.error : null;
  const phase = orderPhase({
    orderId,
    status,
    ready: order.data?.ready,
    errorCode: err?.body?.error,
    errorStatus: err && (err.status === 409 || err.status === 404) ? err.status : undefined,
  });
  const list = useQuery({ ...walletQueries.list(), enabled: phase !== 'waiting' });
  // The purchases link (its code and its request) once the cards (or the list's error) are on screen: on a
  // slow link it would share the bandwidth with the cards, their files and logos.
  const cardsShown = useShownAfterPaint(!list.isPending);
  // The card the payment bought (order-is-ready names it), for a message that says which one is ready.
  const bought = phase === 'ready' && order.data?.wallet_item_id ? list.data?.find((i) => i.id === order.data?.wallet_item_id) : undefined;
  const readyText = bought ? t('order_ready_named', { amount: formatMoney(bought.amount, bought.currency, lang), brand: bought.corporate_partner.name }) : t('order_ready');
  // Spoken once the wallet has loaded, so it names the card when it can.
  const readySettled = phase === 'ready' && !list.isPending;

  // The paid card is new: refresh the (possibly cached) wallet once the order is ready.
  useEffect(() => {
    if (phase === 'ready') void qc.invalidateQueries({ queryKey: walletQueries.list().queryKey });
    // The order changed too (paid or cancelled): its receipt and the purchases list are out of date.
    if (phase === 'ready' || phase === 'cancelled') void import('../gift-cards/queries').then((m) => qc.invalidateQueries({ queryKey: m.purchaseQueries.all() }));
  }, [phase, qc]);

  // The cards as last seen open the next start of the installed app at once (src/app/saved-screen.ts);
  // not a payment's return (its messages are for this visit) nor a loading or failed list.
  const pictured = !orderId && !status && !!list.data;
  useEffect(() => (pictured ? saveScreenOnHide(window.location.hash) : undefined), [pictured, lang]);

  // Payment progress is spoken without moving focus; the messages below are what the eyes see.
  useEffect(() => {
    if (phase === 'waiting') announce(t('order_waiting'));
    else if (readySettled) announce(readyText);
    else if (phase === 'cancelled') announce(t('order_cancelled'), 'assertive');
    else if (phase === 'failed') announce(t('order_failed'), 'assertive');
  }, [phase, readySettled, readyText, t]);

  return (
    <div className="sp-screen sp-wallet">
      <ScreenHeader title={t('title')} onBack={backTo('/menu')} />
      {phase === 'waiting' ? (
        <div className="sp-wallet__progress">
          <Spinner label="" />
          <span>{t('order_waiting')}</span>
        </div>
      ) : null}
      {phase === 'ready' ? (
        <p className="sp-wallet__ok">
          {readyText}
          {/* The new card sits among the others by their order: a way straight to it. */}
          {bought ? (
            <>
              {' '}
              <AppLink to={`/wallet/${bought.id}`}>{t('open_new_card')}</AppLink>
            </>
          ) : null}
        </p>
      ) : null}
      {phase === 'cancelled' ? <p className="sp-wallet__warn">{t('order_cancelled')}</p> : null}
      {phase === 'failed' ? <p className="sp-wallet__warn">{t('order_failed')}</p> : null}

      {phase !== 'waiting' && list.isPending ? <CenteredSpinner /> : null}
      {list.isError && !list.data ? (
        <div role="alert">
          <p className="sp-wallet__warn">{t('load_failed')}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>{t('retry')}</Button>
        </div>
      ) : null}
      {list.data && list.data.length === 0 ? (
        <>
          <p className="sp-wallet__empty">{t('no_wallet_items')}</p>
          <p>
            <AppLink to="/gift-card">{t('buy_first_card')}</AppLink>
          </p>
        </>
      ) : null}
      {list.data && list.data.length > 0 ? <WalletCards items={list.data} /> : null}
      {phase !== 'waiting' && cardsShown ? <PurchasesLink /> : null}
      {list.data && list.dataUpdatedAt ? (
        <p className="sp-muted">{t('last_updated', { time: formatTimestamp(list.dataUpdatedAt, lang) })}</p>
      ) : null}
    </div>
  );
}

function WalletRow(props: { item: WalletItem; view: CardView; onRestore?: () => void }) {
  const { t } = useTranslation('wallet');
  const lang = useLang();
  const go = useGo();
  const { item, view } = props;
  return (
    <li className="sp-wallet__item" data-card-id={item.id}>
      {/* The card screen's first render is heavy: the tap paints its pressed row first (INP). */}
      <button type="button" className="sp-wallet__card" onClick={() => afterNextPaint(() => go(`/wallet/${item.id}`))}>
        {item.corporate_partner.logo?.url ? (
          <img className="sp-wallet__logo" src={item.corporate_partner.logo.url} alt="" width={56} height={56} />
        ) : (
          <span className="sp-wallet__logo sp-wallet__logo--empty" aria-hidden="true">{item.corporate_partner.name.slice(0, 1)}</span>
        )}
        <span className="sp-wallet__text">
          <span className="sp-wallet__name">{item.corporate_partner.name}</span>
          <span className="sp-wallet__balance">
            {formatMoney(view.amount, item.currency, lang)}
            {view.pending ? <PendingMark className="sp-wallet__pending" /> : null}
          </span>
          <ExpiryNote date={item.expiry_date} />
        </span>
        <span className="sp-visually-hidden">{t('open_card')}</span>
      </button>
      {props.onRestore ? (
        <Button variant="secondary" onClick={props.onRestore} aria-label={t('restore_named', { name: item.corporate_partner.name })}>
          {t('restore')}
        </Button>
      ) : item.digital_card_link ? (
        <Button variant="secondary" onClick={() => openExternal(item.digital_card_link)} aria-label={t('redeem_at', { name: item.corporate_partner.name })}>
          {t('redeem')}
        </Button>
      ) : null}
    </li>
  );
}

/** How long typing pauses before the search text goes into the address. */
const KEEP_QUERY_AFTER_MS = 600;

/**
 * The wallet's search text, kept in the address (`?q=`, replacing the entry, not adding one) once typing
 * pauses or the field is left, so Back from a card and a reload of the tab find the same search.
 */
function useKeptQuery(): [string, (text: string) => void, () => void] {
  const navigate = useNavigate();
  const initial = (useSearch({ strict: false }) as { q?: unknown }).q;
  const [query, setQuery] = useState(typeof initial === 'string' ? initial : '');
  const latest = useRef(query);
  const kept = useRef(query);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keep = () => {
    clearTimeout(timer.current);
    if (kept.current === latest.current) return;
    kept.current = latest.current;
    const q = latest.current.trim() ? latest.current : undefined;
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, q }), replace: true });
  };
  // Leaving the screen drops a pending keep: the address is the next screen's by then.
  useEffect(() => () => clearTimeout(timer.current), []);
  const set = (text: string) => {
    latest.current = text;
    setQuery(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(keep, KEEP_QUERY_AFTER_MS);
  };
  return [query, set, keep];
}

/** Cards in use (primary partners first, then by soonest expiry), search beyond six cards, and the used ones folded away. */
function WalletCards(props: { items: WalletItem[] }) {
  const { t } = useTranslation('wallet');
  const { changes, setUsed } = useWalletChanges();
  const [query, setQuery, keepQuery] = useKeptQuery();
  const searchId = useId();
  const searchable = props.items.length > SEARCH_FROM;
  const q = searchable ? query.trim() : '';
  const rows = sortWallet(props.items)
    .filter((item) => matchesSearch(item, q))
    .map((item) => ({ item, view: cardView(item, changes) }));
  const active = rows.filter((r) => !r.view.used);
  const used = rows.filter((r) => r.view.used);
  return (
    <>
      {searchable ? (
        <div className="sp-wallet__search">
          <label htmlFor={searchId}>{t('search_label')}</label>
          <input
            id={searchId}
            type="search"
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onBlur={keepQuery}
            onKeyDown={(e) => {
              // Escape clears a search first (as a search field does); only an empty one closes the wallet.
              if (e.key === 'Escape' && query) {
                e.preventDefault();
                e.stopPropagation();
                setQuery('');
              }
            }}
          />
          {/* One live message: shown when nothing matches, read out (only) when cards are found. */}
          <p className={q && rows.length === 0 ? 'sp-wallet__empty' : 'sp-visually-hidden'} role="status">
            {q ? (rows.length === 0 ? t('search_none', { query: q }) : t('search_count', { count: rows.length })) : ''}
          </p>
        </div>
      ) : null}
      {active.length > 0 ? (
        <ul className="sp-wallet__list">
          {active.map(({ item, view }) => (
            <WalletRow key={item.id} item={item} view={view} />
          ))}
        </ul>
      ) : null}
      {used.length > 0 ? (
        // Open while a search finds used cards, folded otherwise.
        <details className="sp-wallet__used" open={q ? true : undefined} key={q ? 'search' : 'all'}>
          <summary>{t('used_cards', { count: used.length })}</summary>
          <ul className="sp-wallet__list">
            {used.map(({ item, view }) => (
              <WalletRow
                key={item.id}
                item={item}
                view={view}
                onRestore={walletCapabilities(item).used ? () => void setUsed(item.id, false) : undefined}
              />
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
