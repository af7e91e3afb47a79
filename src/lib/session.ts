// The session store: screen, tokens, user, email.
// - The screen value and email persist in localStorage under 'auth'.
// - Tokens and the last known user persist in IndexedDB (src/offline/session-storage.ts) so the
//   app starts signed in offline; the access token is also kept in memory for requests.
// - logout() clears everything and runs the hooks registered with onLogout() (offline caches,
//   outbox, query cache), so no data of the previous user survives.
import { useSyncExternalStore } from 'react';
import type { User } from '@contract/types';
import {
  clearStoredSession,
  saveStoredTokens,
  saveStoredUser,
  takeStoredSessionRead,
  type StoredTokens,
} from '../offline/session-storage';
import { STORAGE_KEYS } from '../offline/storage-keys';

export type Screen = string; // screen names, e.g. 'Start Screen', 'Menu Screen'
export const START_SCREEN = 'Start Screen';
export const MENU_SCREEN = 'Menu Screen';

export type SessionTokens = StoredTokens;

export interface SessionState {
  screen: Screen;
  tokens: SessionTokens | null;
  user: User | null;
  email: string | null;
  /** true once the persisted session has been read at boot */
  hydrated: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: SessionState = { screen: START_SCREEN, tokens: null, user: null, email: null, hydrated: false };

function readLocal(): { screen?: string; email?: string | null } {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.authLocal);
    return raw ? (JSON.parse(raw) as { screen?: string; email?: string | null }) : {};
  } catch {
    return {};
  }
}

function writeLocal(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.authLocal, JSON.stringify({ screen: state.screen, email: state.email }));
  } catch {
    /* ignore */
  }
}

function update(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Reads the persisted session. Resolves within 5000 ms at most (the stored-session timeout). */
export async function hydrateSession(): Promise<void> {
  const timeout = new Promise<{ tokens: null; user: null }>((r) => setTimeout(() => r({ tokens: null, user: null }), 5000));
  const stored = await Promise.race([takeStoredSessionRead<User>(), timeout]);
  // After the IndexedDB read has started: a page's first localStorage access can block for a while
  // (the storage is loaded), and here it is no longer part of the entry's evaluation task.
  const local = readLocal();
  const signedIn = Boolean(stored.tokens?.refresh_token);
  update({
    tokens: stored.tokens,
    user: signedIn ? stored.user : null,
    email: local.email ?? null,
    screen: local.screen ?? START_SCREEN,
    hydrated: true,
  });
}

export function setScreen(screen: Screen): void {
  if (state.screen === screen) return;
  update({ screen });
  writeLocal();
}

export function setEmail(email: string | null): void {
  update({ email });
  writeLocal();
}

export function setTokens(tokens: SessionTokens | null): void {
  update({ tokens });
  void saveStoredTokens(tokens);
}

/** Other tabs of this browser hear whose session it now is (a lazy chunk: not part of the first paint). */
const tellOtherTabs = (userId: number | null) => void import('./session-tabs').then((m) => m.tellOtherTabs(userId));

export function setUser(user: User | null): void {
  const signedIn = user && user.id !== state.user?.id ? user.id : null;
  update({ user });
  // Written before telling: a tab that reads the stored session on the message finds this user.
  void saveStoredUser(user).then(() => signedIn !== null && tellOtherTabs(signedIn));
}

export function isSignedIn(): boolean {
  return Boolean(state.tokens?.refresh_token);
}

type LogoutHook = (ctx: { userId: number | null; reason: LogoutReason }) => void | Promise<void>;
export type LogoutReason = 'user' | 'refresh_failed' | 'account_deleted';
const logoutHooks = new Set<LogoutHook>();

/** Register cleanup to run on logout (caches, outbox, query cache). Returns an unsubscribe. */
export function onLogout(fn: LogoutHook): () => void {
  logoutHooks.add(fn);
  return () => logoutHooks.delete(fn);
}

/** Clears user, tokens and the user's local data, and goes to the start screen. */
export async function logout(reason: LogoutReason = 'user'): Promise<void> {
  const userId = state.user?.id ?? null;
  // The user signing out ends the session on the server too (a deleted account's and a refused
  // refresh token's sessions are gone there already).
  const refreshToken = reason === 'user' ? state.tokens?.refresh_token : null;
  if (refreshToken) void import('./revoke-session').then((m) => m.revokeSession(refreshToken));
  // Only a sign-out the user asked for keeps the email (to prefill sign-in); a session ended elsewhere
  // (signed out from another device, expired) or a deleted account leaves nothing personal behind.
  update({ tokens: null, user: null, screen: START_SCREEN, email: reason === 'user' ? state.email : null });
  writeLocal();
  await clearStoredSession();
  if (userId !== null) tellOtherTabs(null);
  await Promise.all(
    [...logoutHooks].map(async (hook) => {
      try {
        await hook({ userId, reason });
      } catch {
        /* a failing cleanup must not block logout */
      }
    }),
  );
}

/** Sessions signed out while the server could not be reached are ended there now (at start, lazily). */
export function revokeLeftSessionsSoon(): void {
  try {
    if (!localStorage.getItem(STORAGE_KEYS.pendingRevocations)) return;
  } catch {
    return;
  }
  void import('./revoke-session').then((m) => m.revokeLeftSessions());
}

/** Test helper: resets the in-memory state. */
export function resetSessionForTests(patch: Partial<SessionState> = {}): void {
  state = { screen: START_SCREEN, tokens: null, user: null, email: null, hydrated: true, ...patch };
  listeners.forEach((l) => l());
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useSession(): { user: User | null; isSignedIn: boolean; userId: number | null } {
  const s = useSessionState();
  const signedIn = Boolean(s.tokens?.refresh_token);
  return { user: s.user, isSignedIn: signedIn, userId: s.user?.id ?? null };
}
