/**
 * The install offer, without nagging:
 * - Chromium and friends: the beforeinstallprompt event is kept and a small card offers Install.
 * - iOS Safari (no such event): the card explains Share → Add to Home Screen.
 * Dismissing (or installing) is remembered for 90 days; nothing shows when already installed
 * (display-mode standalone), and nothing shows during the first 20 s of a visit. Only the event's
 * capture (it fires once, early) is first-paint code; the card is a lazy chunk (install-card.tsx).
 */
import { useEffect, useState } from 'react';
import { lazyPart } from './lazy-part';
import { STORAGE_KEYS } from './storage-keys';

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DELAY_MS = 20_000;
const InstallCard = lazyPart(() => import('./install-card').then((m) => m.InstallCard), { optional: true, fallback: null });

const waiters = new Set<() => void>();
/** The kept browser prompt (null when there is none) and a way to hear when it comes or goes. */
export const installPrompt = {
  event: null as BeforeInstallPromptEvent | null,
  watch(fn: () => void): () => void {
    waiters.add(fn);
    fn();
    return () => void waiters.delete(fn);
  },
};

export function takeInstallPrompt(): BeforeInstallPromptEvent | null {
  const ev = installPrompt.event;
  installPrompt.event = null;
  return ev;
}

export function rememberInstallAnswer(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.installDismissed, String(Date.now()));
  } catch {
    /* ignore */
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // keep it for our own, quieter offer
    installPrompt.event = e as BeforeInstallPromptEvent;
    waiters.forEach((w) => w());
  });
  window.addEventListener('appinstalled', () => {
    installPrompt.event = null;
    rememberInstallAnswer();
    waiters.forEach((w) => w());
  });
}

export function InstallOffer() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <InstallCard /> : null;
}
