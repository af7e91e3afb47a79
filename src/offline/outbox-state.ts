/**
 * What the outbox shows, apart from its engine: the active user's changes not yet synced (the pending
 * overlay and marks) and the synced / rejected listeners. The first screen needs only this; the engine
 * (outbox.ts: the IndexedDB queue, coalescing, draining, its triggers) is a lazy chunk that boot loads
 * after the first render (outbox-lazy.ts) and that writes here.
 */
import { useSyncExternalStore } from 'react';
import type { ApiError } from '@contract/types';
import type { OutboxChange } from './outbox-change';

let snapshot: OutboxChange[] = [];
const storeListeners = new Set<() => void>();
export const syncedListeners = new Set<(change: OutboxChange, result: unknown) => void>();
export const rejectedListeners = new Set<(change: OutboxChange, error: ApiError | null) => void>();

/** What is not yet synced, for the active user (pending marks and the optimistic overlay). */
export function usePendingChanges(): OutboxChange[] {
  return useSyncExternalStore(subscribePending, getPendingChanges, getPendingChanges);
}

export function getPendingChanges(): OutboxChange[] {
  return snapshot;
}

export function subscribePending(fn: () => void): () => void {
  storeListeners.add(fn);
  return () => {
    storeListeners.delete(fn);
  };
}

/** The server refused a change (422 and the like): revert it and show the message. */
export function onOutboxRejected(fn: (change: OutboxChange, error: ApiError | null) => void): () => void {
  rejectedListeners.add(fn);
  return () => {
    rejectedListeners.delete(fn);
  };
}

/** A change reached the server (`result`: the server's answer): update or invalidate what shows it. */
export function onOutboxSynced(fn: (change: OutboxChange, result: unknown) => void): () => void {
  syncedListeners.add(fn);
  return () => {
    syncedListeners.delete(fn);
  };
}

/** The engine's: `next` is now what is pending. */
export function showPending(next: OutboxChange[]): void {
  snapshot = next;
  for (const fn of [...storeListeners]) fn();
}

export function resetOutboxStateForTests(): void {
  snapshot = [];
  storeListeners.clear();
  syncedListeners.clear();
  rejectedListeners.clear();
}
