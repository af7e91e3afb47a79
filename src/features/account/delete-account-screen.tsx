// Delete account: explanation with the warnings, Yes/No (No → Settings), then a confirmation
// with Delete/Cancel. On 200/204: Start screen and a full reset of local data.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMsg, useMsg, type Msg } from '../../lib/msg';
import { useGo } from '../../lib/navigation';
import { logout } from '../../lib/session';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { ScreenHeader } from '../../ui/screen-header';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../offline/online';
import { OfflineReason } from '../../offline/offline-reason';
import { deleteAccount } from './api';
import { useBackTo } from '../../lib/screen-trail';

export function DeleteAccountScreen() {
  const { t } = useTranslation('account');
  const go = useGo();
  const backTo = useBackTo();
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Msg | null>(null);
  const show = useMsg();

  const doDelete = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteAccount();
    } catch (err) {
      setBusy(false);
      setError(errorMsg(err));
      return;
    }
    setConfirming(false);
    await logout('account_deleted');
    showToast(t('delete.deleted'), { tone: 'success', duration: 3000 });
    go('/start', { replace: true });
  };

  return (
    <div>
      <ScreenHeader title={t('delete.title')} onBack={backTo('/settings')} />
      <p className="lead">{t('delete.intro')}</p>
      <h2>{t('delete.warningsTitle')}</h2>
      <ul className="warning-list">
        <li>{t('delete.irreversible')}</li>
        <li>{t('delete.rewardsLost')}</li>
        <li>{t('delete.investmentRemains')}</li>
        <li>{t('delete.newAccount')}</li>
      </ul>
      <FormError>{show(error)}</FormError>
      <div className="form-actions">
        <Button variant="danger" block disabled={!online} aria-describedby={online ? undefined : 'delete-offline'} onClick={() => setConfirming(true)}>
          {t('delete.yes')}
        </Button>
        <Button variant="secondary" block onClick={backTo('/settings')}>
          {t('delete.no')}
        </Button>
      </div>
      <OfflineReason id="delete-offline" />
      <Modal open={confirming} onClose={() => !busy && setConfirming(false)} title={t('delete.confirmTitle')} hideClose>
        <p>{t('delete.confirmBody')}</p>
        <FormError>{show(error)}</FormError>
        <div className="form-actions">
          <Button variant="danger" block busy={busy} disabled={!online} onClick={doDelete}>
            {t('delete.confirmDelete')}
          </Button>
          <Button variant="secondary" block disabled={busy} onClick={() => setConfirming(false)}>
            {t('delete.confirmCancel')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
