/**
 * Online status for the whole app, from navigator.onLine and the online/offline events.
 * Plain module + one hook, so features can disable network-only actions offline
 * (buy a gift card, donate, edit the profile, delete the account, fund signup) with
 * <OfflineReason/> (src/offline/offline-reason.tsx) explaining why.
 */
import { useSyncExternalStore } from 'react';

type Listener = () => void;
const listeners = new Set<Listener>();
let bound = false;

function hasNavigator(): boolean {
  return typeof navigator !== 'undefined';
}

/** true when the browser thinks it has a network (navigator.onLine); true where unknown. */
export function isOnline(): boolean {
  return hasNavigator() && typeof navigator.onLine === 'boolean' ? navigator.onLine : true;
}

function notify(): void {
  for (const fn of [...listeners]) fn();
}

function bind(): void {
  if (bound || typeof addEventListener !== 'function') return;
  bound = true;
  addEventListener('online', notify);
  addEventListener('offline', notify);
}

/** Subscribe to online/offline changes; returns the unsubscribe function. */
export function subscribeOnline(fn: Listener): () => void {
  bind();
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** React hook: re-renders when the browser goes online or offline. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}

const RETRY_CAP_MS = 5 * 60_000;

/**
 * `load()` until it succeeds: after a failure, again once the browser is back online, or after
 * `retryMs` (doubling each time, up to 5 min) when it failed while online (a dropped request, a chunk a
 * new deploy removed). For a chunk that work past the first screen needs (the outbox's engine): a first
 * visit that goes offline before the service worker has saved the app cannot download it, and without a
 * retry that work would never start in this tab.
 */
export function loadWhenOnline<T>(load: () => Promise<T>, retryMs = 10_000): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        const again = () => {
          stop();
          clearTimeout(timer);
          resolve(loadWhenOnline(load, Math.min(retryMs * 2, Math.max(retryMs, RETRY_CAP_MS))));
        };
        const stop = subscribeOnline(() => isOnline() && again());
        const timer = setTimeout(() => (isOnline() ? again() : undefined), retryMs);
      }),
  );
}
