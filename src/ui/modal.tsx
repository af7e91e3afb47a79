// Modal dialog on the native <dialog> element opened with showModal(): the browser makes the rest of
// the page inert (focus stays inside), Escape fires 'cancel' (we route it to onClose), and the
// dialog is labelled by its title. A click on the backdrop (the dialog element itself) closes it too.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
}

export function Modal({ open = true, onClose, title, ariaLabel, children, className, hideClose, closeOnBackdrop = true, size = 'small', labelledBy }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const { t } = useTranslation('common');

  useEffect(() => {
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
  }, []);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={['modal', `modal-${size}`, className ?? ''].join(' ')}
      aria-labelledby={title ? titleId : labelledBy}
      aria-label={title || labelledBy ? undefined : ariaLabel}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onCloseRef.current();
        }
      }}
      onMouseDown={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) {
          const r = e.currentTarget.getBoundingClientRect();
          const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
          if (!inside || size === 'screen') onCloseRef.current();
        }
      }}
    >
      <div className="modal-body">
        {title || !hideClose ? (
          <div className="modal-head">
            {title ? (
              <h2 id={titleId} className="modal-title">
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
