// Session persistence in IndexedDB (tokens and the last known user). Every call is wrapped so a
// storage failure (private mode, quota, blocked) never breaks a screen: worst case the user signs in again.
import { createStore, get, set, del, clear } from 'idb-keyval';
import { STORAGE_KEYS } from './storage-keys';

export interface StoredTokens {
  access_token: string;
  refresh_token: string | null;
  /** epoch ms */
  expires_at: number;
}

let store: ReturnType<typeof createStore> | null = null;
/** The session's store (src/lib/session-tabs.ts reads it too, where a failed read must not look empty). */
export function sessionDb() {
  if (!store) store = createStore(STORAGE_KEYS.sessionDb, STORAGE_KEYS.sessionStore);
  return store;
}

export async function loadStoredSession<U>(): Promise<{ tokens: StoredTokens | null; user: U | null }> {
  try {
    const [tokens, user] = await Promise.all([
      get<StoredTokens>(STORAGE_KEYS.sessionTokens, sessionDb()),
      get<U>(STORAGE_KEYS.sessionUser, sessionDb()),
    ]);
    return { tokens: tokens ?? null, user: user ?? null };
  } catch {
    return { tokens: null, user: null };
  }
}

let earlyRead: Promise<{ tokens: StoredTokens | null; user: unknown }> | null = null;

/** Starts the boot's read of the stored session (src/app/early-reads.ts, before the rest of the entry is
 *  evaluated), or takes the one the early script started (src/app/early-start.ts). */
export function preloadStoredSession(read?: Promise<{ tokens: StoredTokens | null; user: unknown }>): void {
  earlyRead ??= read ?? loadStoredSession();
}

/** The boot's read: the one preloadStoredSession() started, else a fresh one. Every later read is fresh. */
export function takeStoredSessionRead<U>(): Promise<{ tokens: StoredTokens | null; user: U | null }> {
  const early = earlyRead;
  earlyRead = null;
  return (early as Promise<{ tokens: StoredTokens | null; user: U | null }> | null) ?? loadStoredSession<U>();
}

export async function saveStoredTokens(tokens: StoredTokens | null): Promise<void> {
  try {
    if (tokens) await set(STORAGE_KEYS.sessionTokens, tokens, sessionDb());
    else await del(STORAGE_KEYS.sessionTokens, sessionDb());
  } catch {
    /* storage unavailable: the session lives in memory only */
  }
}

export async function saveStoredUser<U>(user: U | null): Promise<void> {
  try {
    if (user) await set(STORAGE_KEYS.sessionUser, user, sessionDb());
    else await del(STORAGE_KEYS.sessionUser, sessionDb());
  } catch {
    /* ignore */
  }
}

export async function clearStoredSession(): Promise<void> {
  try {
    await clear(sessionDb());
  } catch {
    /* ignore */
  }
}
