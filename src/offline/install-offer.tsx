/**
 * The install offer, without nagging:
 * - Chromium and friends: the beforeinstallprompt event is kept and a small card offers Install.
 * - iOS Safari (no such event): the card explains Share → Add to Home Screen.
 * Dismissing (or installing) is remembered for 90 days; nothing shows when already installed
 * (display-mode standalone), and nothing shows during the first 20 s of a visit.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from './storage-keys';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const QUIET_MS = 90 * 24 * 60 * 60 * 1000;
const DELAY_MS = 20_000;

function dismissedRecently(): boolean {
  try {
    const at = Number(localStorage.getItem(STORAGE_KEYS.installDismissed) ?? 0);
    return at > 0 && Date.now() - at < QUIET_MS;
  } catch {
    return false;
  }
}

function remember(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.installDismissed, String(Date.now()));
  } catch {
    /* ignore */
  }
}

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches);
}

export function isIosSafari(ua: string = navigator.userAgent, maxTouchPoints = navigator.maxTouchPoints): boolean {
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

let deferred: BeforeInstallPromptEvent | null = null;
const waiters = new Set<() => void>();
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // keep it for our own, quieter offer
    deferred = e as BeforeInstallPromptEvent;
    waiters.forEach((w) => w());
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    remember();
    waiters.forEach((w) => w());
  });
}

export function InstallOffer() {
  const { t } = useTranslation('offline');
  const [mode, setMode] = useState<'none' | 'prompt' | 'ios'>('none');
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!ready || isStandalone() || dismissedRecently()) return;
    const update = () => setMode(deferred ? 'prompt' : isIosSafari() ? 'ios' : 'none');
    update();
    waiters.add(update);
    return () => {
      waiters.delete(update);
    };
  }, [ready]);

  if (mode === 'none') return null;
  const close = () => {
    remember();
    setMode('none');
  };
  const install = async () => {
    const ev = deferred;
    deferred = null;
    setMode('none');
    if (!ev) return;
    await ev.prompt();
    await ev.userChoice.catch(() => undefined);
    remember();
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
