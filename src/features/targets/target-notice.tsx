/**
 * Alerts for the target rules: a plain message (server refusal, failure) or the
 * 'already_selected_two' prompt offering to remove one of the two selected targets.
 */
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../server/contract/types';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import type { TargetNotice } from './use-target-selection';

export function TargetNoticeDialog({ notice, selected, onRemove, onClose }: {
  notice: TargetNotice | null;
  selected: Project[];
  onRemove: (targetId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('targets');
  if (!notice) return null;
  return (
    <Modal open title={t('alert.title')} onClose={onClose} className="tgt-dialog">
      <div role="alert" data-testid="target-alert">
        <p>{notice.kind === 'two' ? t('errors.already_selected_two') : notice.text}</p>
      </div>
      <div className="tgt-dialog-actions">
        {notice.kind === 'two' ? (
          <>
            {selected.map((p) => (
              <Button
                key={p.id}
                variant="secondary"
                block
                onClick={() => {
                  onRemove(p.id);
                  onClose();
                }}
              >
                {t('alert.removeOne', { name: p.name })}
              </Button>
            ))}
            <Button variant="ghost" block onClick={onClose}>
              {t('alert.cancel')}
            </Button>
          </>
        ) : (
          <Button block onClick={onClose}>
            {t('alert.ok')}
          </Button>
        )}
      </div>
    </Modal>
  );
}
