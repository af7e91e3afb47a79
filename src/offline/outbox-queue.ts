/**
 * The outbox queue itself: coalescing rules and its IndexedDB store.
 * Plain TypeScript with no React and no http, so both the page (outbox.ts) and the service
 * worker (sw/sw.ts, to see whether anything is waiting) can use it.
 *
 * One entry per thing changed (a brand's favorite flag, one reward target). An entry holds the
 * net desired state plus the server state it started from (`base`): a change back to `base`
 * removes the entry, so follow → unfollow, or select → unselect, nets to nothing and sends nothing.
 *
 * Order is the send order. Target removals are placed before queued target additions, so the
 * server never sees three selected targets on the way to a valid final selection (max two).
 *
 * An entry a drainer is sending is marked `inflight`; a later change to the same thing is queued
 * as a new entry behind it (its base is the in-flight value), so a request already on the wire is
 * never silently cancelled by coalescing.
 *
 * Target changes are one unit: the selection is valid only as a whole, so a target entry the server
 * accepted stays in the queue marked `sent` until every queued target entry is through. When the
 * server refuses one, `rollbackUnit` replaces the unit with `restore` entries that put the server
 * back to the selection the unit started from (a half-applied selection is never left behind).
 */
import { createStore, get, update, del, keys, type UseStore } from 'idb-keyval';
import { changeKey, changeValue, isRecord, type OutboxChange } from './outbox-change';
import { STORAGE_KEYS } from './storage-keys';

export interface OutboxEntry {
  /** Unique id of this entry (not of the thing changed). */
  uid: string;
  /** The thing changed: 'favorite:12', 'target:5'. */
  key: string;
  change: OutboxChange;
  /** The state the server had before this net change; a change back to it cancels the entry. */
  base: boolean;
  queuedAt: number;
  /** Set (a timestamp) while a drainer is sending this entry. */
  inflight?: number;
  /** A target entry the server accepted while the rest of its unit is still to be sent. */
  sent?: true;
  /** Puts the server back after a refused unit; never coalesced, sent before anything else. */
  restore?: true;
}

/** Kinds whose queued entries succeed or fail together (see rollbackUnit). */
export function inUnit(e: OutboxEntry): boolean {
  return e.change.kind === 'target' && !e.restore;
}

/** An entry that coalescing must leave as it is: on the wire, already applied, or a restore. */
function locked(e: OutboxEntry): boolean {
  return !!e.inflight || !!e.sent || !!e.restore;
}

export const OUTBOX_DB = STORAGE_KEYS.outboxDb;
export const OUTBOX_STORE = STORAGE_KEYS.outboxStore;

let store: UseStore | null = null;
export function outboxStore(): UseStore {
  if (!store) store = createStore(OUTBOX_DB, OUTBOX_STORE);
  return store;
}
/** For tests that replace the IndexedDB factory between cases. */
export function resetOutboxStoreHandle(): void {
  store = null;
}

export function userKey(userId: number): string {
  return `user:${userId}`;
}

let counter = 0;
function newUid(): string {
  counter += 1;
  const rnd = Math.random().toString(36).slice(2, 8);
  return `${Date.now().toString(36)}-${counter.toString(36)}-${rnd}`;
}

/**
 * Apply one user change to a queue and return the new queue (the input is not modified).
 * `previous` is the state the UI showed before this change; when omitted it is taken to be the
 * opposite of the new value (the change is a toggle).
 */
export function coalesce(
  entries: readonly OutboxEntry[],
  change: OutboxChange,
  previous?: boolean,
  now: number = Date.now(),
): OutboxEntry[] {
  const key = changeKey(change);
  if (isRecord(change)) {
    // Records are appended in the order made; the same one twice is queued once.
    if (entries.some((e) => e.key === key)) return [...entries];
    return [...entries, { uid: newUid(), key, change: { ...change }, base: false, queuedAt: now }];
  }
  const value = changeValue(change);
  const pendingIdx = findLastIndex(entries, (e) => e.key === key && !locked(e));
  if (pendingIdx >= 0) {
    const pending = entries[pendingIdx];
    if (value === pending.base) return entries.filter((_, i) => i !== pendingIdx); // nets to nothing
    if (value === changeValue(pending.change)) return [...entries]; // already queued
  }
  const before = findLastIndex(entries, (e) => e.key === key && locked(e));
  const base = before >= 0 ? changeValue(entries[before].change) : previous ?? !value;
  if (value === base) return [...entries];
  const entry: OutboxEntry = { uid: newUid(), key, change: { ...change }, base, queuedAt: now };
  const next = [...entries];
  if (change.kind === 'target' && !change.selected) {
    // A removal goes before any waiting addition: the server allows at most two targets.
    const firstAdd = next.findIndex((e) => !locked(e) && e.change.kind === 'target' && e.change.selected);
    if (firstAdd >= 0) {
      next.splice(firstAdd, 0, entry);
      return next;
    }
  }
  next.push(entry);
  return next;
}

/**
 * The server refused one entry of the target unit: drop the whole unit and put restore entries
 * first that undo what the server already applied (removals of added targets before re-adding
 * removed ones, so the server never holds three). Returns the new queue.
 */
export function rollbackUnit(entries: readonly OutboxEntry[], now: number = Date.now()): OutboxEntry[] {
  const original = new Map<string, OutboxEntry>(); // key → first applied entry (its base is the start state)
  const applied = new Map<string, OutboxEntry>(); // key → last applied entry (the server's state now)
  for (const e of entries) {
    if (!inUnit(e) || !e.sent) continue;
    if (!original.has(e.key)) original.set(e.key, e);
    applied.set(e.key, e);
  }
  const restores: OutboxEntry[] = [];
  for (const [key, first] of original) {
    const current = changeValue(applied.get(key)!.change);
    if (current === first.base || first.change.kind !== 'target') continue;
    restores.push({
      uid: newUid(),
      key,
      change: { kind: 'target', targetId: first.change.targetId, selected: first.base },
      base: current,
      queuedAt: now,
      restore: true,
    });
  }
  restores.sort((a, b) => Number(changeValue(a.change)) - Number(changeValue(b.change)));
  const kept = entries.filter((e) => !inUnit(e));
  // Restores already waiting stay in front; the new ones follow them, before everything else.
  const firstOther = kept.findIndex((e) => !e.restore);
  const at = firstOther < 0 ? kept.length : firstOther;
  return [...kept.slice(0, at), ...restores, ...kept.slice(at)];
}

function findLastIndex<T>(list: readonly T[], pred: (v: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i -= 1) if (pred(list[i])) return i;
  return -1;
}

// ---------- storage (every call survives a storage failure by answering "nothing") ----------

export async function loadQueue(userId: number): Promise<OutboxEntry[]> {
  try {
    return (await get<OutboxEntry[]>(userKey(userId), outboxStore())) ?? [];
  } catch {
    return [];
  }
}

/** Atomic read-modify-write of one user's queue (one IndexedDB transaction). */
export async function updateQueue(
  userId: number,
  fn: (entries: OutboxEntry[]) => OutboxEntry[],
): Promise<OutboxEntry[]> {
  let result: OutboxEntry[] = [];
  await update<OutboxEntry[]>(
    userKey(userId),
    (old) => {
      result = fn(old ?? []);
      return result;
    },
    outboxStore(),
  );
  return result;
}

export async function clearQueue(userId: number): Promise<void> {
  try {
    await del(userKey(userId), outboxStore());
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

/** Users with something queued (the worker uses this to decide whether a sync is worth it). */
export async function usersWithPendingChanges(): Promise<number[]> {
  try {
    const all = await keys<string>(outboxStore());
    const users: number[] = [];
    for (const k of all) {
      if (typeof k !== 'string' || !k.startsWith('user:')) continue;
      const id = Number(k.slice(5));
      if ((await loadQueue(id)).length > 0) users.push(id);
    }
    return users;
  } catch {
    return [];
  }
}
