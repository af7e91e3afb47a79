/**
 * The outbox: a change shows at once (usePendingChanges), is queued in IndexedDB and sent in order
 * by one drainer across tabs, through the operation its feature registered. Always a page sends,
 * never the worker (it would race the page's token refresh). Failure handling, coalescing, target
 * changes as one unit and the reasons: src/offline/README.md.
 */
import type { ApiError } from '@contract/types';
import { isOnline, subscribeOnline } from './online';
import { flushQueryPersistence } from './query-persist';
import { changeKey, changeValue, type OutboxChange } from './outbox-change';
import { clearQueue, coalesce, inUnit, loadQueue, rollbackUnit, updateQueue, type OutboxEntry } from './outbox-queue';
import { getPendingChanges, rejectedListeners, resetOutboxStateForTests, showPending, syncedListeners } from './outbox-state';
import { withWebLock } from './web-lock';

export type { OutboxChange } from './outbox-change';
export type { OutboxEntry } from './outbox-queue';
export { getPendingChanges, onOutboxRejected, onOutboxSynced, subscribePending, usePendingChanges } from './outbox-state';

type Listener<A extends unknown[]> = (...args: A) => void;

const LOCK_NAME = 'socialpay-outbox-drain';
const CHANNEL_NAME = 'socialpay-outbox';
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 60_000;

// ---------- state ----------

let activeUserId: number | null = null;
let mirror: OutboxEntry[] = [];

let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let draining: Promise<void> | null = null;
let drainAgain = false;
let writeChain: Promise<unknown> = Promise.resolve();
let channel: BroadcastChannel | null = null;

/** Sends one change to the server. Replaceable for tests of the queue logic alone. */
export type OutboxTransport = (change: OutboxChange) => Promise<unknown>;

/** Sends one kind of change (its request; a thrown lib/http ApiRequestError says how it failed). */
export type OutboxOperation<K extends OutboxChange['kind']> = (change: Extract<OutboxChange, { kind: K }>) => Promise<unknown>;

const operations = new Map<OutboxChange['kind'], OutboxTransport>();

/** A feature tells the outbox how to send its kind of change; registered before the first drain. */
export function registerOutboxOperation<K extends OutboxChange['kind']>(kind: K, send: OutboxOperation<K>): void {
  operations.set(kind, send as OutboxTransport);
}

const registeredTransport: OutboxTransport = (change) => {
  const send = operations.get(change.kind);
  // Not registered (yet): keep the change queued and try again later.
  return send ? send(change) : Promise.reject(new Error(`No outbox operation for '${change.kind}'`));
};
let transport: OutboxTransport = registeredTransport;

export function setOutboxTransport(fn: OutboxTransport | null): void {
  transport = fn ?? registeredTransport;
}

// ---------- mirror (what usePendingChanges shows) ----------

function setMirror(entries: OutboxEntry[]): void {
  mirror = entries;
  const next = entries.map((e) => e.change);
  const shown = getPendingChanges();
  const same = next.length === shown.length && next.every((c, i) => changeKey(c) === changeKey(shown[i]) && sameValue(c, shown[i]));
  if (!same) showPending(next);
}

function sameValue(a: OutboxChange, b: OutboxChange): boolean {
  if (a.kind === 'balance' && b.kind === 'balance') return a.eventId === b.eventId;
  return a.kind === b.kind && changeValue(a) === changeValue(b);
}

async function refreshMirror(userId: number | null = activeUserId): Promise<void> {
  if (userId == null || userId !== activeUserId) return;
  const entries = await loadQueue(userId);
  if (userId === activeUserId) setMirror(entries);
}

function announce(userId: number): void {
  try {
    channel?.postMessage({ type: 'changed', userId });
  } catch {
    /* channel closed */
  }
}

/** Serialise this tab's queue writes so they land in the order they were made. */
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const run = writeChain.then(fn, fn);
  writeChain = run.catch(() => undefined);
  return run;
}

// ---------- public API ----------

/** The signed-in user whose queue this tab shows and drains (null when signed out). */
export function setOutboxUser(userId: number | null): void {
  if (userId === activeUserId) return;
  activeUserId = userId;
  failures = 0;
  setMirror([]);
  if (userId != null) {
    void refreshMirror(userId).then(() => drainOutbox());
  }
}

export function getOutboxUser(): number | null {
  return activeUserId;
}

/**
 * Queue a favorite or target change for a user. The pending overlay updates synchronously;
 * the promise resolves once the change is stored in IndexedDB.
 * `previous` (optional) is the state shown before the change; by default the change is a toggle.
 */
export function queueChange(userId: number, change: OutboxChange, previous?: boolean): Promise<void> {
  if (activeUserId == null) activeUserId = userId;
  if (userId === activeUserId) setMirror(coalesce(mirror, change, previous));
  return serial(async () => {
    try {
      const entries = await updateQueue(userId, (old) => coalesce(old, change, previous));
      if (userId === activeUserId) setMirror(entries);
      announce(userId);
    } catch {
      // Storage failed (quota, a broken profile): send it now instead; if that fails, revert.
      await sendUnqueued(userId, change);
      return;
    }
  }).then(() => {
    if (isOnline()) void drainOutbox();
    else void registerBackgroundSync();
  });
}

async function sendUnqueued(userId: number, change: OutboxChange): Promise<void> {
  const key = changeKey(change);
  try {
    emit(syncedListeners, change, await transport(change));
  } catch (err) {
    emit(rejectedListeners, change, classify(err).body);
  } finally {
    if (userId === activeUserId) setMirror(mirror.filter((e) => e.key !== key));
  }
}

/** Forget a user's queue (logout, account deletion). */
export async function clearOutbox(userId: number): Promise<void> {
  await serial(() => clearQueue(userId));
  if (userId === activeUserId) setMirror([]);
  announce(userId);
}

/** Backoff before retry number `failures` (1-based): 1 s, 2 s, 4 s … capped at 60 s. */
export function backoffDelay(failureCount: number): number {
  const n = Math.max(1, failureCount);
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (n - 1));
}

// ---------- draining ----------

type Outcome = 'done' | 'rejected' | 'retry' | 'stop';

/** A failed request as lib/http's ApiRequestError describes it (read by shape: this layer sits below lib). */
function httpFailure(err: unknown): { status: number; body: ApiError | null } | null {
  const e = err as (Error & { status?: unknown; body?: ApiError | null }) | null;
  if (!(e instanceof Error) || typeof e.status !== 'number') return null;
  return { status: e.status, body: e.body ?? null };
}

function classify(err: unknown): { outcome: Outcome; body: ApiError | null } {
  const failed = httpFailure(err);
  if (failed) {
    const s = failed.status;
    if (s === 0 || s >= 500 || s === 408 || s === 429) return { outcome: 'retry', body: failed.body };
    // 401 after the shared refresh, or a refused refresh: the session is over; logout clears the queue.
    if (s === 401 || failed.body?.error === 'invalid_grant') return { outcome: 'stop', body: failed.body };
    return { outcome: 'rejected', body: failed.body };
  }
  // fetch rejected without a wrapped error, or anything unexpected: treat as transient.
  return { outcome: 'retry', body: null };
}

/**
 * Send everything queued for the active user, in order. Resolves when the queue is empty,
 * or when it had to stop (offline, server trouble → retry scheduled, signed out).
 */
export function drainOutbox(): Promise<void> {
  if (draining) {
    drainAgain = true;
    return draining;
  }
  draining = (async () => {
    try {
      do {
        drainAgain = false;
        await withWebLock(LOCK_NAME, drainLoop);
      } while (drainAgain);
    } finally {
      draining = null;
    }
  })();
  return draining;
}

async function drainLoop(): Promise<void> {
  const userId = activeUserId;
  if (userId == null) return;
  // We hold the lock: any in-flight mark is left over from a tab that died while sending.
  await serial(() => updateQueue(userId, (q) => (q.some((e) => e.inflight) ? q.map(({ inflight: _, ...e }) => e) : q))).catch(
    () => undefined,
  );
  for (;;) {
    if (!isOnline() || userId !== activeUserId) return;
    const queue = await loadQueue(userId);
    const next = queue.find((e) => !e.sent);
    if (!next) {
      await refreshMirror(userId);
      return;
    }
    await serial(() =>
      updateQueue(userId, (q) => q.map((e) => (e.uid === next.uid ? { ...e, inflight: Date.now() } : e))),
    ).catch(() => undefined);

    let outcome: Outcome = 'done';
    let body: ApiError | null = null;
    let result: unknown;
    try {
      result = await transport(next.change);
    } catch (err) {
      ({ outcome, body } = classify(err));
    }

    if (outcome === 'retry' || outcome === 'stop') {
      await serial(() =>
        updateQueue(userId, (q) => q.map((e) => (e.uid === next.uid ? stripInflight(e) : e))),
      ).catch(() => undefined);
      await refreshMirror(userId);
      if (outcome === 'retry') scheduleRetry();
      return;
    }

    let synced: Array<[OutboxChange, unknown]> = [];
    const rejected = outcome === 'rejected' && !next.restore;
    await serial(() =>
      updateQueue(userId, (q) => {
        if (outcome === 'rejected') return inUnit(next) ? rollbackUnit(q) : q.filter((e) => e.uid !== next.uid);
        if (!inUnit(next)) {
          synced = [[next.change, result]];
          return q.filter((e) => e.uid !== next.uid);
        }
        // Applied; the unit is done once no target entry of it waits any more.
        const marked = q.map((e) => (e.uid === next.uid ? { ...stripInflight(e), sent: true as const } : e));
        if (marked.some((e) => inUnit(e) && !e.sent)) return marked;
        synced = marked.filter(inUnit).map((e) => [e.change, e.uid === next.uid ? result : undefined]);
        return marked.filter((e) => !inUnit(e));
      }),
    ).catch(() => undefined);
    failures = 0;
    // Listeners get the server's answer before the pending overlay goes, so a shown value never
    // steps back to the old server state in between.
    for (const [change, answer] of synced) emit(syncedListeners, change, answer);
    // The listeners put the server's answer in the query cache; save it now, not a second later, so
    // a reload right after a sync never shows the value from before the change it no longer holds.
    if (synced.length) await flushQueryPersistence().catch(() => undefined);
    await refreshMirror(userId);
    announce(userId);
    // A refused restore is dropped quietly: the user was already told when the unit was refused.
    if (rejected) emit(rejectedListeners, next.change, body);
  }
}

function stripInflight(e: OutboxEntry): OutboxEntry {
  const { inflight: _, ...rest } = e;
  return rest;
}

function emit<A extends unknown[]>(set: Set<Listener<A>>, ...args: A): void {
  for (const fn of [...set]) {
    try {
      fn(...args);
    } catch (err) {
      console.error('outbox listener failed', err);
    }
  }
}

function scheduleRetry(): void {
  failures += 1;
  if (retryTimer) clearTimeout(retryTimer);
  const delay = backoffDelay(failures);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void drainOutbox();
  }, delay);
  void registerBackgroundSync();
}

async function registerBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await reg.sync?.register('outbox');
  } catch {
    /* Background Sync not available: the page triggers cover it */
  }
}

// ---------- triggers ----------

let started = false;
let stopFns: Array<() => void> = [];

/** Bind the drain triggers (call once at app start, in the page). Returns a stop function. */
export function startOutbox(): () => void {
  if (started) return stopOutbox;
  started = true;
  stopFns.push(
    subscribeOnline(() => {
      if (isOnline()) {
        failures = 0;
        void drainOutbox();
      }
    }),
  );
  if (typeof document !== 'undefined') {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void drainOutbox();
    };
    document.addEventListener('visibilitychange', onVisible);
    stopFns.push(() => document.removeEventListener('visibilitychange', onVisible));
  }
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    const onMessage = (ev: MessageEvent) => {
      if (ev.data && ev.data.type === 'DRAIN_OUTBOX') void drainOutbox();
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    stopFns.push(() => navigator.serviceWorker.removeEventListener('message', onMessage));
  }
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = (ev: MessageEvent) => {
      if (ev.data?.type === 'changed' && ev.data.userId === activeUserId) void refreshMirror();
    };
    stopFns.push(() => {
      channel?.close();
      channel = null;
    });
  }
  void drainOutbox();
  return stopOutbox;
}

function stopOutbox(): void {
  for (const fn of stopFns) fn();
  stopFns = [];
  started = false;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

/** Test helper: forget all in-memory state. */
export function resetOutboxForTests(): void {
  stopOutbox();
  activeUserId = null;
  mirror = [];
  failures = 0;
  draining = null;
  drainAgain = false;
  writeChain = Promise.resolve();
  resetOutboxStateForTests();
  transport = registeredTransport;
  operations.clear();
}
