/**
 * Alerts for the target rules: a plain message (server refusal, failure) or the
 * 'already_selected_two' prompt offering to remove one of the two selected targets.
 * Native <dialog> with showModal: focus trap, Escape and inert background.
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../server/contract/types';
import type { TargetNotice } from './use-target-selection';

export function TargetNoticeDialog({ notice, selected, onRemove, onClose }: {
  notice: TargetNotice | null;
  selected: Project[];
  onRemove: (targetId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('targets');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (notice && !dialog.open) dialog.showModal?.();
    if (!notice && dialog.open) dialog.close();
  }, [notice]);

  return (
    <dialog
      ref={ref}
      className="tgt-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
      onCancel={onClose}
      data-testid="target-alert"
    >
      <h2 id={titleId}>{t('alert.title')}</h2>
      <p id={textId}>{notice?.kind === 'two' ? t('errors.already_selected_two') : notice?.text}</p>
      <div className="tgt-dialog-actions">
        {notice?.kind === 'two' ? (
          <>
            {selected.map((p) => (
              <button
                key={p.id}
                type="button"
                className="tgt-secondary-button"
                onClick={() => {
                  onRemove(p.id);
                  onClose();
                }}
              >
                {t('alert.removeOne', { name: p.name })}
              </button>
            ))}
            <button type="button" className="tgt-primary-button" onClick={onClose} autoFocus>
              {t('alert.cancel')}
            </button>
          </>
        ) : (
          <button type="button" className="tgt-primary-button" onClick={onClose} autoFocus>
            {t('alert.ok')}
          </button>
        )}
      </div>
    </dialog>
  );
}
