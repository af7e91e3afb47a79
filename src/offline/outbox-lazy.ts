/**
 * The outbox's engine (outbox.ts) as a lazy chunk. Boot (src/app/offline-boot.ts) loads it after the
 * first render, registers the features' operations and starts it, and hands that promise here, so a
 * change queued from first-paint code (following a brand) waits for an engine that can send it.
 */
import { isOnline } from './online';
import { showPending } from './outbox-state';

type Engine = typeof import('./outbox');
type QueueArgs = Parameters<Engine['queueChange']>;

let ready: Promise<Engine> | null = null;
let engine: Engine | null = null;
/**
 * Follows and unfollows made offline before the engine is in: a first visit that lost the network
 * before the worker saved the app cannot download it until the network is back. They show as waiting
 * to sync at once and go to the engine's queue as soon as it loads (in memory until then).
 */
let parked: QueueArgs[] = [];

export function setOutboxEngine(promise: Promise<Engine>): void {
  ready = promise;
  void promise.then((loaded) => {
    engine = loaded;
    const waiting = parked;
    parked = [];
    for (const args of waiting) void loaded.queueChange(...args);
  });
}

export function loadOutbox(): Promise<Engine> {
  return (ready ??= import('./outbox'));
}

/** outbox.ts queueChange, from code that must not import the engine. */
export function queueChangeLater(...args: QueueArgs): Promise<void> {
  if (engine) return engine.queueChange(...args);
  if (ready && args[1].kind === 'favorite' && !isOnline()) {
    park(args);
    return Promise.resolve();
  }
  return loadOutbox().then((outbox) => outbox.queueChange(...args));
}

/** The latest change per brand, none when it is back to the server's value (`previous`). */
function park(args: QueueArgs): void {
  const [, change, previous] = args;
  if (change.kind !== 'favorite') return;
  parked = parked.filter(([, c]) => !(c.kind === 'favorite' && c.brandId === change.brandId));
  if (change.favorite !== previous) parked.push(args);
  showPending(parked.map(([, c]) => c));
}

/** A user who signs out takes their parked changes along (their queue is cleared once the engine is in). */
export function forgetParked(userId: number): void {
  if (!parked.some(([id]) => id === userId)) return;
  parked = parked.filter(([id]) => id !== userId);
  showPending(parked.map(([, c]) => c));
}

export function resetOutboxLazyForTests(): void {
  ready = null;
  engine = null;
  parked = [];
}
