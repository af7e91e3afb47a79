// The "Help improve SocialPay" switch with its one-sentence explanation. Turning it on or off is
// saved at once (src/lib/screen-visits.ts) and announced; a refused save puts it back and says so.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { globalPrivacyControl, setScreenVisits, useScreenVisitsChoice } from '../lib/screen-visits';
import { announce } from './announcer';
import './screen-visits-switch.css';

export function ScreenVisitsSwitch() {
  const { t } = useTranslation('common');
  const choice = useScreenVisitsChoice();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const help = useId();
  return (
    <div className="sv-box">
      <label className="sv-switch">
        <input
          type="checkbox"
          role="switch"
          checked={choice === true}
          // Busy, it keeps keyboard focus (disabled would drop it to the page) and ignores presses.
          aria-disabled={busy || undefined}
          aria-describedby={help}
          data-testid="screen-visits-switch"
          onChange={async (e) => {
            if (busy) return;
            const on = e.currentTarget.checked;
            setBusy(true);
            setFailed(false);
            try {
              await setScreenVisits(on);
              announce(t(on ? 'screenVisits.savedOn' : 'screenVisits.savedOff'));
            } catch {
              setFailed(true);
            } finally {
              setBusy(false);
            }
          }}
        />
        <span className="sv-switch-track" aria-hidden="true" />
        <span>{t('screenVisits.label')}</span>
      </label>
      <p id={help} className="muted">
        {t('screenVisits.explain')}
        {globalPrivacyControl() ? ` ${t('screenVisits.gpc')}` : ''}
      </p>
      {failed ? (
        <p className="form-error" role="alert">
          {t('screenVisits.failed')}
        </p>
      ) : null}
    </div>
  );
}
