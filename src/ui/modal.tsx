// Modal dialog on the native <dialog> element opened with showModal(), following the WAI-ARIA dialog
// pattern: the browser makes the rest of the page inert, Tab and Shift+Tab wrap inside the dialog
// instead of leaving for the browser's toolbar, Escape fires 'cancel' (routed to onClose), focus moves
// to the dialog's title (again whenever `focusKey` changes) and, on close, back to the control that
// opened it (or a sensible place when that is gone). A click on the backdrop closes it too, and so does
// the browser's Back for a dialog inside a screen (src/lib/back-closes.ts).
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tabbable } from 'tabbable';
import { useBackCloses } from '../lib/back-closes';
import { LiveRegions } from './announcer';
import { moveFocus } from './focus';
import { CloseIcon } from './icons';

export interface ModalProps {
  open?: boolean;
  onClose: () => void;
  /** Visible title (used as the accessible name). */
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  children: ReactNode;
  className?: string;
  /** Hide the built-in close button (when the content has its own). */
  hideClose?: boolean;
  closeOnBackdrop?: boolean;
  size?: 'small' | 'screen';
  /** id of an element (e.g. the screen's h1) that names the dialog. */
  labelledBy?: string;
  /** When this changes (e.g. the screen shown inside), focus moves to the title again. */
  focusKey?: string;
}

export function Modal({ open = true, onClose, title, ariaLabel, children, className, hideClose, closeOnBackdrop = true, size = 'small', labelledBy, focusKey }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const nameId = title ? titleId : labelledBy;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const { t } = useTranslation('common');
  const downOnBackdrop = useRef(false);
  /** The event is on the dialog's backdrop (outside its box; anywhere on the dialog itself for a screen). */
  const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target !== e.currentTarget) return false;
    const r = e.currentTarget.getBoundingClientRect();
    const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
    return !inside || size === 'screen';
  };
  // A dialog inside a screen closes with the browser's Back (a screen is a route of its own already).
  useBackCloses(open && size === 'small', () => onCloseRef.current());

  // Declared before the showModal() effect, so it runs first: the active element is still the opener.
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const dialog = ref.current;
    return () => {
      // After the dialog is gone and the page is no longer inert.
      setTimeout(() => returnFocus(opener, dialog), 0);
    };
  }, [open]);

  // A layout effect: a closed <dialog> is not displayed, so opening it after the browser painted showed
  // one frame of the page without its screen on a start straight onto one.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      try {
        dialog.showModal();
      } catch {
        dialog.setAttribute('open', '');
      }
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [open]);

  // Focus the title (for screen readers; the ring only for keyboard users) as soon as it is on the page:
  // the content may be lazy, and the previous screen's title may be replaced by the next one. Once the
  // user presses a key or clicks in the dialog, or focus moves anywhere else, focus is theirs, unless
  // what they were on in this dialog is gone (a key pressed on the old screen's title before the next
  // one replaced it left focus on the body): then the next title still takes it. A closed nested dialog
  // is not that case: its opener gets focus back (returnFocus).
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog || !nameId) return;
    let stopped = false;
    let last: HTMLElement | null = null;
    // What had focus in this dialog; a nested dialog's elements give focus back themselves (returnFocus).
    let current: Element | null = null;
    const stop = () => {
      stopped = true;
    };
    const onFocusIn = (e: FocusEvent) => {
      current = e.target instanceof Element ? e.target : null;
      if (e.target !== last) stopped = true;
    };
    const focusLost = () =>
      !dialog.contains(document.activeElement) && current !== null && !current.isConnected && !current.closest('dialog');
    const tryFocus = () => {
      const h = document.getElementById(nameId);
      if (!h || h === last || !dialog.contains(h)) return;
      if (stopped && !focusLost()) return;
      last = h;
      moveFocus(h);
    };
    tryFocus();
    dialog.addEventListener('keydown', stop, true);
    dialog.addEventListener('pointerdown', stop, true);
    dialog.addEventListener('focusin', onFocusIn);
    const observer = new MutationObserver(tryFocus);
    observer.observe(dialog, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), 5000);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      dialog.removeEventListener('keydown', stop, true);
      dialog.removeEventListener('pointerdown', stop, true);
      dialog.removeEventListener('focusin', onFocusIn);
    };
  }, [open, nameId, focusKey]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={['modal', `modal-${size}`, className ?? ''].join(' ')}
      aria-labelledby={nameId}
      aria-label={nameId ? undefined : ariaLabel}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onCloseRef.current();
        } else if (e.key === 'Tab') keepTabInside(e);
      }}
      // A press that starts and ends on the backdrop closes it, on the click: closed on the press, the
      // click then landed on the screen under it and took focus from the control it went back to.
      onMouseDown={(e) => {
        downOnBackdrop.current = closeOnBackdrop && onBackdrop(e);
      }}
      onClick={(e) => {
        if (downOnBackdrop.current && onBackdrop(e)) onCloseRef.current();
        downOnBackdrop.current = false;
      }}
    >
      <div className="modal-body">
        <LiveRegions />
        {title || !hideClose ? (
          <div className="modal-head">
            {title ? (
              <h2 id={titleId} className="modal-title" tabIndex={-1}>
                {title}
              </h2>
            ) : (
              <span />
            )}
            {!hideClose ? (
              <button type="button" className="icon-btn" aria-label={t('close')} title={t('close')} onClick={() => onCloseRef.current()}>
                <CloseIcon />
              </button>
            ) : null}
          </div>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}

/** Tab past the last control goes to the first, Shift+Tab before the first to the last. */
function keepTabInside(e: KeyboardEvent<HTMLDialogElement>) {
  const dialog = e.currentTarget;
  const active = document.activeElement;
  // A nested dialog handles its own keys.
  if (!(active instanceof HTMLElement) || active.closest('dialog') !== dialog) return;
  e.stopPropagation();
  const items = tabbable(dialog).filter((el) => el.closest('dialog') === dialog);
  if (!items.length) {
    e.preventDefault();
    return;
  }
  const before = (el: Element) => Boolean(el.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
  const after = (el: Element) => Boolean(el.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_PRECEDING);
  if (e.shiftKey && !items.some(before)) {
    e.preventDefault();
    items[items.length - 1]!.focus();
  } else if (!e.shiftKey && !items.some(after)) {
    e.preventDefault();
    items[0]!.focus();
  }
}

/**
 * After a dialog closes: focus goes back to its opener when that is still on the page and usable,
 * else to the title of the dialog now on top, else to the main content. Focus already placed
 * elsewhere by the app (e.g. the search field) stays where it is.
 */
function returnFocus(opener: HTMLElement | null, closed: HTMLDialogElement | null) {
  const active = document.activeElement;
  if (active && active !== document.body && !(closed && closed.contains(active)) && active.isConnected) return;
  const openDialogs = Array.from(document.querySelectorAll<HTMLDialogElement>('dialog[open]'));
  const top = openDialogs[openDialogs.length - 1];
  const usable = (el: HTMLElement | null): el is HTMLElement =>
    !!el && el.isConnected && !el.closest('[inert]') && !(el as HTMLButtonElement).disabled && (!top || top.contains(el)) && el.getClientRects().length > 0;
  // (Read before the test below: its type guard leaves `opener` typed null when it fails.)
  const hidden = opener?.parentElement ?? null;
  if (usable(opener)) return moveFocus(opener);
  // An opener inside a disclosure closed since (the phone's menu): the control that opens it.
  for (let el = hidden; el; el = el.parentElement) {
    const control = el.id ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(el.id)}"]`) : null;
    if (usable(control)) return moveFocus(control);
  }
  const title = top ? top.querySelector<HTMLElement>(`[id="${top.getAttribute('aria-labelledby') ?? ''}"]`) : null;
  const fallback = title ?? top ?? document.getElementById('main');
  if (fallback) moveFocus(fallback);
}
