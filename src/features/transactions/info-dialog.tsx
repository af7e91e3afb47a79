/**
 * A small modal information dialog on the native <dialog> element (showModal gives the focus trap,
 * Escape to close and an inert background for free).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function InfoDialog({ open, title, onClose, closeLabel, children }: {
  open: boolean;
  title: string;
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="tx-dialog" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <h2 id={titleId}>{title}</h2>
      <div className="tx-dialog-body">{children}</div>
      <div className="tx-dialog-actions">
        <button type="button" className="tx-primary-button" onClick={onClose} autoFocus>
          {closeLabel}
        </button>
      </div>
    </dialog>
  );
}
