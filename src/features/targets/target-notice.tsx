/**
 * The 'already_selected_two' prompt offering to remove one of the two selected targets. (A change
 * the server refuses is announced by the app layout: target-outbox.ts.)
 */
import { useTranslation } from 'react-i18next';
import type { Project } from '@contract/types';
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
        <p>{t('errors.already_selected_two')}</p>
      </div>
      <div className="tgt-dialog-actions">
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
      </div>
    </Modal>
  );
}
