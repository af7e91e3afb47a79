/**
 * Whether a new version waits and whether it is being applied: the first-paint half of the update flow
 * (update-prompt.tsx watches it). The worker's registration, which sets it, is a lazy chunk
 * (register-sw.ts, loaded by the offline boot).
 */
import { useSyncExternalStore } from 'react';

let state = { available: false, applying: false };
const listeners = new Set<() => void>();

export function setUpdateState(patch: Partial<typeof state>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function updateApplying(): boolean {
  return state.applying;
}

export function useUpdateAvailable(): { available: boolean; applying: boolean } {
  return useSyncExternalStore(subscribe, () => state, () => state);
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
