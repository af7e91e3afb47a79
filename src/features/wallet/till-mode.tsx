/**
 * Till mode: the card's code alone on white at the largest size that fits, the card number large
 * underneath. It is a history entry (`?till=1`), so the browser's Back closes it, as do Esc, a tap
 * anywhere and the Close button; focus then returns to the control that opened it. The card screen
 * under it keeps the screen awake. Drawn from the persisted card and the precached drawing chunk, so
 * it works offline.
 */
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletItem } from '@contract/types';
import { useGo } from '../../lib/navigation';
import { Modal } from '../../ui/modal';
import { CenteredSpinner } from '../../ui/spinner';
import { BarcodeUnreadable, useBarcodeName, useBarcodePicture } from './barcode';
import { groupCardNumber } from './wallet-logic';
import './till-mode.css';

export function TillMode(props: { item: WalletItem; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const { item, onClose } = props;
  const picture = useBarcodePicture(item.barcode_format, item.barcode_value);
  const name = useBarcodeName(item.barcode_format, item.barcode_value);
  return (
    <Modal size="screen" className="sp-till" onClose={onClose} hideClose ariaLabel={t('till_title')}>
      <div className="sp-till__body" onClick={onClose}>
        <div className="sp-till__code">
          {picture.state === 'loading' ? <CenteredSpinner /> : null}
          {picture.state === 'ready' ? <img className="sp-till__img" src={picture.src} alt={name} /> : null}
          {picture.state === 'unreadable' ? <BarcodeUnreadable value={item.barcode_value} /> : null}
        </div>
        <p className="sp-till__number">{groupCardNumber(item.card_number)}</p>
        <p className="sp-till__hint">{t('till_hint')}</p>
      </div>
      <button type="button" className="sp-till__close" onClick={onClose}>
        {t('till_close')}
      </button>
    </Modal>
  );
}

/**
 * Till mode's state for the card screen: `open` follows the URL; `show` is the click handler of the
 * controls that open it; `fallbackRef` goes on the visible till button, which takes focus back when
 * till mode was opened by a link (no opener on this page).
 */
export function useTillMode(walletId: number) {
  const router = useRouter();
  const go = useGo();
  const open = useRouterState({ select: (s) => String((s.location.search as Record<string, unknown>).till) === '1' });
  const opener = useRef<HTMLElement | null>(null);
  const fallbackRef = useRef<HTMLButtonElement>(null);
  const pushed = useRef(false);
  const wasOpen = useRef(open);

  useEffect(() => {
    if (wasOpen.current && !open) {
      pushed.current = false;
      const target = opener.current?.isConnected ? opener.current : fallbackRef.current;
      target?.focus();
    }
    wasOpen.current = open;
  }, [open]);

  const show = useCallback(
    (e: MouseEvent<HTMLElement>) => {
      opener.current = e.currentTarget;
      pushed.current = true;
      go(`/wallet/${walletId}?till=1`);
    },
    [go, walletId],
  );
  // Closing goes back to the entry `show` added; a till mode opened straight from a link is replaced instead.
  const close = useCallback(() => {
    if (pushed.current) router.history.back();
    else go(`/wallet/${walletId}`, { replace: true });
  }, [router, go, walletId]);

  return { open, show, close, fallbackRef };
}
