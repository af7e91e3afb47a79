/**
 * A wallet card for the shop counter (/wallet/$walletId): brand, balance, card number, PIN (hidden until
 * revealed), a barcode drawn on the device, when the data was last updated, and the screen kept awake.
 * It reads the persisted wallet list, so it opens offline (airplane mode) too.
 */
import { Fragment, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../lib/dates';
import { useLang } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { PendingMark } from '../../offline/pending-mark';
import { AppLink } from '../../ui/app-link';
import { Button } from '../../ui/button';
import { openExternal } from '../../lib/links';
import { ScreenHeader } from '../../ui/screen-header';
import { CenteredSpinner } from '../../ui/spinner';
import { Barcode } from './barcode';
import { BalancePanel } from './balance-panel';
import { cardView, walletCapabilities } from './balance-logic';
import { CopyButton } from './copy-button';
import { ExpiryNote } from './expiry-note';
import { walletQueries } from './queries';
import { TillMode, useTillMode } from './till-mode';
import { UsedToggle } from './used-toggle';
import { useWalletChanges } from './use-wallet-changes';
import { useWakeLock } from './wake-lock';
import { groupCardNumber } from './wallet-logic';
import './wallet.css';
import { useBackTo } from '../../lib/screen-trail';

export function WalletCardScreen() {
  const { t } = useTranslation('wallet');
  const lang = useLang();
  const backTo = useBackTo();
  const params = useParams({ strict: false }) as { walletId?: string };
  const id = Number(params.walletId);
  const q = useQuery({ ...walletQueries.list(), select: (items) => items.find((i) => i.id === id) ?? null });
  const [showPin, setShowPin] = useState(false);
  const item = q.data ?? null;
  useWakeLock(!!item);
  const { changes, recordEvent, setUsed } = useWalletChanges();
  const view = item ? cardView(item, changes) : null;
  const can = item ? walletCapabilities(item) : null;
  const { open: tillOpen, show: showTill, close: closeTill, fallbackRef: tillButton } = useTillMode(id);

  return (
    <div className="sp-screen sp-walletcard">
      <ScreenHeader title={item ? item.corporate_partner.name : t('card_title')} onBack={backTo('/wallet')} backLabel={t('back_to_wallet')} />
      {q.isPending ? <CenteredSpinner /> : null}
      {q.isError && !q.data ? (
        <div role="alert">
          <p className="sp-wallet__warn">{t('load_failed')}</p>
          <Button variant="secondary" onClick={() => void q.refetch()}>{t('retry')}</Button>
        </div>
      ) : null}
      {q.isSuccess && !item ? <p role="alert">{t('card_not_found')}</p> : null}
      {item ? (
        <div className="sp-walletcard__card">
          <div className="sp-walletcard__head">
            {item.corporate_partner.logo?.url ? <img src={item.corporate_partner.logo.url} alt="" width={64} height={64} className="sp-wallet__logo" /> : null}
            <div>
              <p className="sp-walletcard__label">{t('balance')}</p>
              <p className="sp-walletcard__balance" data-testid="card-balance">
                {formatMoney(view!.amount, item.currency, lang)}
                {view!.pendingEvents.length > 0 ? <PendingMark className="sp-walletcard__pending" /> : null}
              </p>
              <ExpiryNote date={item.expiry_date} />
            </div>
          </div>
          <Barcode value={item.barcode_value} format={item.barcode_format} onOpen={showTill} />
          <div className="sp-walletcard__actions">
            <Button variant="secondary" ref={tillButton} onClick={showTill}>{t('till_open')}</Button>
            {/* Online use of the card (the brand's page for it), as on the wallet's row. */}
            {item.digital_card_link ? (
              <Button variant="secondary" onClick={() => openExternal(item.digital_card_link)} aria-label={t('redeem_at', { name: item.corporate_partner.name })}>
                {t('redeem')}
              </Button>
            ) : null}
          </div>
          <dl className="sp-walletcard__facts">
            <div className="sp-walletcard__wide">
              <dt>{t('card_number')}</dt>
              <dd className="sp-walletcard__mono sp-walletcard__number">
                {/* A line may break between groups (320 px), never inside one; Copy stays beside the number. */}
                <span data-testid="card-number">
                  {groupCardNumber(item.card_number).split(' ').map((g, i) => (
                    <Fragment key={i}>
                      {i > 0 ? ' ' : null}
                      <span className="sp-walletcard__group">{g}</span>
                    </Fragment>
                  ))}
                </span>
                <CopyButton text={item.card_number.replace(/\s+/g, '')} label={t('copy_number')} copied={t('copied_number')} />
              </dd>
            </div>
            <div>
              <dt>{t('pin')}</dt>
              <dd className="sp-walletcard__mono">
                <span aria-live="polite">{showPin ? item.pin : '••••'}</span>{' '}
                <button type="button" className="sp-link-button" aria-pressed={showPin} onClick={() => setShowPin((v) => !v)}>
                  {showPin ? t('pin_hide') : t('pin_show')}
                </button>
                {showPin ? <CopyButton text={item.pin} label={t('copy_pin')} copied={t('copied_pin')} /> : null}
              </dd>
            </div>
          </dl>
          {can!.balance ? <BalancePanel item={item} view={view!} onRecord={(type, cents, eventId) => recordEvent(item.id, type, cents, eventId)} /> : null}
          {can!.used ? <UsedToggle used={view!.used} onChange={(used) => setUsed(item.id, used)} /> : null}
          {/* A server that keeps orders names the one that bought the card; others leave it out. */}
          {typeof item.order_id === 'number' ? (
            <AppLink className="sp-walletcard__receipt" to={`/purchases/${item.order_id}`}>{t('receipt')}</AppLink>
          ) : null}
          <p className="sp-muted">
            {t('last_updated', { time: formatTimestamp(q.dataUpdatedAt, lang) })}
          </p>
        </div>
      ) : null}
      {item && tillOpen ? <TillMode item={item} onClose={closeTill} /> : null}
    </div>
  );
}
