/**
 * The outbox's engine (outbox.ts) as a lazy chunk. Boot (src/app/outbox-start.ts) loads it after the
 * first render, registers the features' operations and starts it, and hands that promise here, so a
 * change queued from first-paint code (following a brand) waits for an engine that can send it.
 */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { changeKey, changeValue, isRecord, type OutboxChange } from './outbox-change';
import { isOnline } from './online';
import { showPending } from './outbox-state';
import { STORAGE_KEYS } from './storage-keys';
import { withWebLock } from './web-lock';

type Engine = typeof import('./outbox');
type QueueArgs = Parameters<Engine['queueChange']>;
/** A parked change: queueChange's arguments and when it was made (absent in lists kept before it was). */
type Parked = [userId: number, change: OutboxChange, previous: boolean | undefined, parkedAt?: number];

let ready: Promise<Engine> | null = null;
let engine: Engine | null = null;
/**
 * Changes made offline before the engine is in (a follow, a wallet card's balance or its 'used' mark): a
 * first visit that lost the network before the worker saved the app cannot download it until the network
 * is back. They show as waiting to sync at once and go to the engine's queue as soon as it loads, in this
 * tab or, if it is closed first, the next one that loads the engine: until then they are kept beside the
 * queue in IndexedDB, under a key of this tab's (`parked:…`; the queue's own keys are `user:<id>`).
 */
let parked: Parked[] = [];
const PARKED_PREFIX = 'parked:';
/** Held while closed tabs' lists are read and taken over (queueClosedTabsChanges, forgetParked). */
const PARKED_LOCK = 'socialpay-parked';
const newTabKey = () => `${PARKED_PREFIX}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
let tabKey = newTabKey();
let store: UseStore | null = null;
let writes: Promise<unknown> = Promise.resolve();

function parkedStore(): UseStore {
  return (store ??= createStore(STORAGE_KEYS.outboxDb, STORAGE_KEYS.outboxStore));
}

/** Saves this tab's parked list (in order: each write waits for the one before, so an earlier save can
 *  never land after a later one and bring changes back). */
function keepParked(): Promise<unknown> {
  const list = parked;
  writes = writes.then(() => (list.length ? set(tabKey, list, parkedStore()) : del(tabKey, parkedStore()))).catch(() => undefined);
  return writes;
}

/** `sessionUser`: the signed-in user's id, null when nobody is signed in, undefined while not known yet. */
export function setOutboxEngine(promise: Promise<Engine>, sessionUser: () => number | null | undefined): void {
  ready = promise;
  void promise.then(async (loaded) => {
    engine = loaded;
    const waiting = parked;
    parked = [];
    // With what closed tabs left parked for the signed-in user, in the order they were made (not known
    // yet: this tab's alone, the closed tabs' when it is, sendParkedOf).
    const owner = sessionUser();
    if (owner != null) await queueClosedTabsChanges(loaded, owner, waiting);
    else await queueInOrder(loaded, waiting);
    // Queued (in IndexedDB) before this tab's parked copy goes: a tab closed in between loses nothing.
    if (waiting.length) await keepParked(); // behind this tab's own pending saves
  });
}

/** Queued in the order the changes were made, across tabs (a spend in one tab, then its correction in
 *  another, must reach the server in that order). */
function queueInOrder(loaded: Engine, list: Parked[]): Promise<unknown> {
  const ordered = list.slice().sort((a, b) => (a[3] ?? 0) - (b[3] ?? 0));
  return Promise.all(ordered.map(([userId, change, previous]) => loaded.queueChange(userId, change, previous)));
}

/** The session's user became known (signed in, or the stored user loaded): what closed tabs parked for
 *  them is queued now, if the engine is in (else its load does it), not at the next page load. */
export function sendParkedOf(userId: number): Promise<void> {
  return engine ? queueClosedTabsChanges(engine, userId) : Promise.resolve();
}

/** Closed tabs' parked changes of `owner` (with this tab's `own`, in order): queued, then forgotten. Anyone else's stay until that user
 *  signs in again or out (`forgetParked`): this tab's session may be older than theirs (another tab signed
 *  in since, a stored session read too slow). One tab at a time, reading the lists afresh under the lock:
 *  two open tabs taking over the same list would both queue its toggles, and the later one could undo a
 *  change made online in between. */
function queueClosedTabsChanges(loaded: Engine, owner: number, own: Parked[] = []): Promise<void> {
  return withWebLock(PARKED_LOCK, async () => {
    const closed = await closedTabsLists();
    await queueInOrder(loaded, [...own, ...closed.flatMap(([, list]) => list.filter(([id]) => id === owner))]);
    try {
      for (const [key, list] of closed) await keepOthers(key, list, owner);
    } catch {
      /* storage unavailable: nothing was kept there either */
    }
  });
}

/** What other (closed) tabs left parked, by their key; none when the storage is unavailable. */
async function closedTabsLists(): Promise<[string, Parked[]][]> {
  try {
    const all = await entries<IDBValidKey, unknown>(parkedStore());
    return all.filter((e): e is [string, Parked[]] => typeof e[0] === 'string' && e[0].startsWith(PARKED_PREFIX) && e[0] !== tabKey && Array.isArray(e[1]));
  } catch {
    return [];
  }
}

/** Writes back a closed tab's list without `userId`'s changes (the key goes when none are left). */
function keepOthers(key: string, list: Parked[], userId: number): Promise<void> {
  const rest = list.filter(([id]) => id !== userId);
  if (rest.length === list.length) return Promise.resolve();
  return rest.length ? set(key, rest, parkedStore()) : del(key, parkedStore());
}

/** The engine if it is in already (sign-out then clears its queue before it returns). */
export function loadedOutbox(): Engine | null {
  return engine;
}

export function loadOutbox(): Promise<Engine> {
  return (ready ??= import('./outbox'));
}

/** outbox.ts queueChange, from code that must not import the engine. */
export function queueChangeLater(...args: QueueArgs): Promise<void> {
  if (engine) return engine.queueChange(...args);
  if (ready && !isOnline()) return park(args);
  return loadOutbox().then((outbox) => outbox.queueChange(...args));
}

/** Shows this tab's parked changes as the pending ones (the engine shows its own once it is in). */
function showParked(): Promise<unknown> {
  showPending(parked.map(([, c]) => c));
  return keepParked();
}

/** Kept as the engine's queue would keep it: a record (a balance event) once each, a toggle (follow, 'used')
 *  as its latest value per thing, none when that is back to the value before the first change (`previous`). */
async function park([userId, change, previous]: QueueArgs): Promise<void> {
  const key = changeKey(change);
  const earlier = parked.find(([, c]) => changeKey(c) === key);
  const base = earlier ? earlier[2] : previous;
  parked = parked.filter(([, c]) => changeKey(c) !== key);
  if (isRecord(change) || changeValue(change) !== base) parked.push([userId, change, base, Date.now()]);
  await showParked();
}

/** A user who signs out takes their parked changes along, this tab's and those closed tabs left (their
 *  queue is cleared once the engine is in): signed in again, nothing from before is sent. */
export async function forgetParked(userId: number): Promise<void> {
  if (parked.some(([id]) => id === userId)) {
    parked = parked.filter(([id]) => id !== userId);
    await showParked();
  }
  await withWebLock(PARKED_LOCK, async () => {
    for (const [key, list] of await closedTabsLists()) await keepOthers(key, list, userId).catch(() => undefined);
  });
}

export function resetOutboxLazyForTests(): void {
  ready = null;
  engine = null;
  parked = [];
  store = null;
  writes = Promise.resolve();
  tabKey = newTabKey(); // the next test is another tab
}
