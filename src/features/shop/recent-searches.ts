/**
 * The shop's recent searches, kept on this device only (localStorage: read offline, never sent to the
 * server) and clearable. Newest first, at most RECENT_MAX, a repeat (ignoring case) moves to the top.
 * Loaded with the recent-searches list, not in the shop's first-paint JS.
 */
import { STORAGE_KEYS } from '../../offline/storage-keys';

export const RECENT_MAX = 8;
/** Longer texts are cut (the search field takes any length; the server's filter takes 100). */
const MAX_LENGTH = 100;

/** The list with `text` added on top (pure). */
export function addRecent(list: readonly string[], text: string): string[] {
  const t = text.trim().slice(0, MAX_LENGTH);
  if (!t) return [...list];
  const key = t.toLowerCase();
  return [t, ...list.filter((s) => s.toLowerCase() !== key)].slice(0, RECENT_MAX);
}

/** Reads a stored value: anything that is not a list of strings counts as empty. */
export function parseRecent(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.trim() !== '').slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
let cached: string[] | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (privacy settings): the list just stays empty
  }
}

function write(list: string[]): void {
  cached = list;
  try {
    const s = storage();
    if (list.length) s?.setItem(STORAGE_KEYS.recentSearches, JSON.stringify(list));
    else s?.removeItem(STORAGE_KEYS.recentSearches);
  } catch {
    // quota or blocked storage: kept for this page only
  }
  for (const l of listeners) l();
}

export function recentSearches(): string[] {
  if (cached === null) cached = parseRecent(storage()?.getItem(STORAGE_KEYS.recentSearches) ?? null);
  return cached;
}

export function rememberSearch(text: string): void {
  const next = addRecent(recentSearches(), text);
  if (next.join('\n') !== recentSearches().join('\n')) write(next);
}

export function clearRecentSearches(): void {
  write([]);
}

/** For useSyncExternalStore; another tab's change is picked up too. */
export function subscribeRecent(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEYS.recentSearches && e.key !== null) return;
    cached = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
