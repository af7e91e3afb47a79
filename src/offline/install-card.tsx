/**
 * The install offer's card (a lazy chunk: install-offer.tsx loads it after the quiet start): Install
 * with the kept browser prompt, or the iOS Safari steps; nothing when installed or dismissed lately.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { installPrompt, rememberInstallAnswer, takeInstallPrompt } from './install-offer';
import { STORAGE_KEYS } from './storage-keys';

const QUIET_MS = 90 * 24 * 60 * 60 * 1000;

function dismissedRecently(): boolean {
  try {
    const at = Number(localStorage.getItem(STORAGE_KEYS.installDismissed) ?? 0);
    return at > 0 && Date.now() - at < QUIET_MS;
  } catch {
    return false;
  }
}

/** Opened from the home screen (or as an installed app), not in a browser tab. */
export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches);
}

/** An iPhone or iPad (an iPad asks for the desktop site: a Mac with touch). */
export function isIos(ua: string = navigator.userAgent, maxTouchPoints = navigator.maxTouchPoints): boolean {
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1);
}

export function isIosSafari(ua: string = navigator.userAgent, maxTouchPoints = navigator.maxTouchPoints): boolean {
  return isIos(ua, maxTouchPoints) && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

export function InstallCard() {
  const { t } = useTranslation('offline');
  const [mode, setMode] = useState<'none' | 'prompt' | 'ios'>('none');

  useEffect(() => {
    if (isStandalone() || dismissedRecently()) return;
    return installPrompt.watch(() => setMode(installPrompt.event ? 'prompt' : isIosSafari() ? 'ios' : 'none'));
  }, []);

  if (mode === 'none') return null;
  const close = () => {
    rememberInstallAnswer();
    setMode('none');
  };
  const install = async () => {
    const ev = takeInstallPrompt();
    setMode('none');
    if (!ev) return;
    await ev.prompt();
    await ev.userChoice.catch(() => undefined);
    rememberInstallAnswer();
  };

  return (
    <section className="pwa-card pwa-install" role="region" aria-labelledby="pwa-install-title">
      <div>
        <h2 id="pwa-install-title" className="pwa-card-title">
          {mode === 'ios' ? t('install.iosTitle') : t('install.title')}
        </h2>
        <p className="pwa-card-body">{mode === 'ios' ? t('install.iosSteps') : t('install.body')}</p>
      </div>
      <div className="pwa-card-actions">
        {mode === 'ios' ? (
          <button type="button" className="btn btn-primary" onClick={close}>
            {t('install.gotIt')}
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-secondary" onClick={close}>
              {t('install.dismiss')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void install()}>
              {t('install.accept')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
