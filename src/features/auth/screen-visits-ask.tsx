// The screen-visit question after sign-up: a card in the page, not a dialog. Answered, it shows the
// answer and where to change it for the rest of that visit; when the choice was already made (earlier,
// or on another device) it shows nothing.
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePath } from '../../lib/paths';
import { setScreenVisits, useScreenVisitsChoice } from '../../lib/screen-visits';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';

export function ScreenVisitsAsk() {
  const { t } = useTranslation('common');
  const choice = useScreenVisitsChoice();
  const [answered, setAnswered] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // The visit ends when the address moves on. The router keeps this screen shown until the next one
  // has loaded, and a way back meanwhile reuses it: without this, it showed the card again.
  const path = useRouterState({ select: (s) => parsePath(s.location.pathname).rest });
  const [visitPath, setVisitPath] = useState(path);
  if (path !== visitPath) {
    setVisitPath(path);
    setAnswered(false);
  }
  if (choice !== null && !answered) return null;
  const answer = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      await setScreenVisits(on);
      setAnswered(true);
      announce(t(on ? 'screenVisits.savedOn' : 'screenVisits.savedOff'));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card sv-ask" aria-labelledby="sv-ask-title" data-testid="screen-visits-ask">
      <h2 id="sv-ask-title">{t('screenVisits.askTitle')}</h2>
      <p>
        <strong>{t('screenVisits.label')}?</strong> {t('screenVisits.explain')}
      </p>
      {answered ? (
        <p>{t(choice ? 'screenVisits.savedOn' : 'screenVisits.savedOff')} {t('screenVisits.askLater')}</p>
      ) : (
        <div className="form-actions">
          <Button variant="secondary" busy={busy} onClick={() => void answer(true)}>
            {t('screenVisits.askYes')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void answer(false)}>
            {t('screenVisits.askNo')}
          </Button>
        </div>
      )}
      {failed ? (
        <p className="form-error" role="alert">
          {t('screenVisits.failed')}
        </p>
      ) : null}
    </section>
  );
}
