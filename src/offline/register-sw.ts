/**
 * Registers the service worker (workbox-window) and runs the update flow:
 * a new version installs and waits; useUpdateAvailable() (update-state.ts) turns true and <UpdatePrompt/>
 * offers "Update available". applyUpdate() drains the outbox first (so no queued change is lost in the
 * switch), saves the query cache, then posts SKIP_WAITING; when the new worker takes control the
 * page reloads into the new version.
 *
 * Also the page → worker messages (SET_USER, PURGE_USER) and the worker → page notes that an API
 * answer came from the worker's saved copy (SERVED_FROM_CACHE) and that a late answer replaced it
 * (FRESH_AVAILABLE; both → served-from-cache.ts, the boot refetches what is shown).
 */
import type { Workbox } from 'workbox-window';
import { BUILD_ID } from './build-info';
import { loadWhenOnline } from './online';
import { loadOutbox } from './outbox-lazy';
import { flushQueryPersistence } from './query-persist';
import { noteFreshAnswer, noteServedFromCache } from './served-from-cache';
import { setUpdateState, updateApplying } from './update-state';

const DRAIN_BEFORE_UPDATE_MS = 10_000;
/** First install: after load, wait for this long a pause in the user's input, but never longer than the cap. */
const INSTALL_QUIET_MS = 2000;
const INSTALL_MAX_WAIT_MS = 15_000;
/** A registration refused while online (the worker script unreachable) is tried again this much later. */
const REGISTER_RETRY_MS = 5 * 60_000;

let wb: Workbox | null = null;
let started = false;

function supported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** The window's load event (at once when it has already fired): registration never competes with the first paint. */
function afterLoad(): Promise<void> {
  if (typeof window === 'undefined' || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Called once by the offline boot (src/app/offline-boot.ts). Does nothing in dev or where workers are unsupported.
 * workbox-window is imported only after the page has loaded and `after` has resolved (the boot passes
 * its first render), and on a first visit after a pause in the user's input, so it stays out of the
 * first-paint bundle and the start; the worker's messages are listened to from the start.
 */
export async function registerServiceWorker(after: Promise<void> = Promise.resolve()): Promise<void> {
  if (typeof document !== 'undefined') document.documentElement.dataset.build = BUILD_ID;
  if (!supported() || import.meta.env.DEV || started) return;
  started = true;

  navigator.serviceWorker.addEventListener('message', (ev: MessageEvent) => {
    const data = ev.data as { type?: string; path?: string; reason?: string } | null;
    if (data?.type === 'SERVED_FROM_CACHE' && data.path) {
      noteServedFromCache(data.path, data.reason === 'timeout' ? 'timeout' : 'failed');
    } else if (data?.type === 'FRESH_AVAILABLE' && data.path) {
      noteFreshAnswer(data.path);
    }
  });

  await Promise.all([afterLoad(), after]);
  // A worker already in control only checks for an update (a small fetch): at once. The first install
  // fetches the whole app: not while a new visitor is tapping and typing (quiet-period.ts).
  // (A chunk of its own: not first-paint JS.)
  // Offline meanwhile (a first visit's network dropped), these loads and the registration wait for it.
  if (!navigator.serviceWorker.controller) await loadWhenOnline(() => import('./quiet-period')).then((m) => m.quietPeriod(INSTALL_QUIET_MS, INSTALL_MAX_WAIT_MS));
  const { Workbox } = await loadWhenOnline(() => import('workbox-window'));
  wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  wb.addEventListener('waiting', () => setUpdateState({ available: true }));
  wb.addEventListener('controlling', (ev) => {
    // Only reload when this page asked for the update (a first install also "controls").
    if (updateApplying() || ev.isUpdate) window.location.reload();
  });
  const worker = wb;
  const register = () =>
    worker.register().catch((err: unknown) => {
      console.warn('service worker registration failed', err);
      throw err;
    });
  void loadWhenOnline(register, REGISTER_RETRY_MS);

  // Check for a new version now and then while the app stays open (and when it comes back).
  const check = () => void wb?.update().catch(() => undefined);
  setInterval(check, 60 * 60 * 1000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Accept the waiting version: drain queued changes, then switch and reload. */
export async function applyUpdate(): Promise<void> {
  if (!wb || updateApplying()) return;
  setUpdateState({ applying: true });
  await Promise.race([loadOutbox().then((outbox) => outbox.drainOutbox()), new Promise((r) => setTimeout(r, DRAIN_BEFORE_UPDATE_MS))]);
  await flushQueryPersistence().catch(() => undefined);
  wb.messageSkipWaiting();
}

/** Hide the prompt until the next start (the new version still waits). */
export function dismissUpdate(): void {
  setUpdateState({ available: false });
}

/** Post a message to the active worker (user scoping of its API copies). */
export function postToWorker(
  message: { type: 'SET_USER'; userId: number | null; token: string | null } | { type: 'PURGE_USER'; userId: number },
): Promise<void> {
  if (!supported() || import.meta.env.DEV) return Promise.resolve();
  // A purge is for a worker already there (one still to come holds no copies), and sign-out waits for it:
  // `ready` never settles where no worker was registered (a first visit, or registration refused).
  const registration: Promise<ServiceWorkerRegistration | undefined> = message.type === 'PURGE_USER' ? navigator.serviceWorker.getRegistration() : navigator.serviceWorker.ready;
  return registration
    .then((reg) => {
      if (!reg) return;
      reg.active?.postMessage(message);
      // A worker that is about to take over shares the same IndexedDB, but tell it too.
      reg.waiting?.postMessage(message);
    })
    .catch(() => undefined);
}

/** The browser's push subscription of this app, ended (sign-out, turning push off): its push service
 *  forgets the device, and the server drops it at the next send (410). */
export async function unsubscribePush(): Promise<void> {
  if (!supported()) return;
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager?.getSubscription();
  await sub?.unsubscribe();
}
