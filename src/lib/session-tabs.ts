/**
 * Tabs of one browser share the stored session. When another tab signs out, or signs in as someone
 * else, this tab must not go on showing the previous person's screens nor send their actions with the
 * new person's token: it reloads into the stored session and says why. Told by a BroadcastChannel
 * (session.ts posts on every change of user), and checked again when the tab comes back to the
 * foreground, since a frozen background tab can miss the message. Loaded after the first render.
 */
import type { User } from '@contract/types';
import { get } from 'idb-keyval';
import { sessionDb, type StoredTokens } from '../offline/session-storage';
import { STORAGE_KEYS } from '../offline/storage-keys';
import { ApiRequestError } from './http';
import { getSession } from './session';

const SESSION_CHANNEL = 'socialpay-session';
interface SessionUserMessage {
  userId: number | null;
}

/** session.ts, on every change of user (a sign-in, a sign-out). */
export function tellOtherTabs(userId: number | null): void {
  try {
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.postMessage({ userId } satisfies SessionUserMessage);
    channel.close();
  } catch {
    /* no BroadcastChannel: the other tabs check when they are shown again */
  }
}

/** sessionStorage: why this tab reloaded, kept for its next start (src/app/other-tabs.ts says it). */
export const SESSION_NOTE_KEY = 'socialpay.session-note';
export type SessionNote = 'signedOutElsewhere' | 'switchedElsewhere';

/** Reloads this tab when `other` (the stored session's user; null: nobody) is not whom it shows. */
function follow(other: number | null | undefined): void {
  const mine = getSession().user?.id ?? null;
  if (mine === null || other === undefined || other === mine) return;
  try {
    sessionStorage.setItem(SESSION_NOTE_KEY, (other === null ? 'signedOutElsewhere' : 'switchedElsewhere') satisfies SessionNote);
  } catch {
    /* reloaded without the line */
  }
  location.reload();
}

/** The stored session as it is; rejects when the storage cannot be read (loadStoredSession would say "empty"). */
async function readSession(): Promise<{ tokens: StoredTokens | undefined; user: User | undefined }> {
  const [tokens, user] = await Promise.all([get<StoredTokens>(STORAGE_KEYS.sessionTokens, sessionDb()), get<User>(STORAGE_KEYS.sessionUser, sessionDb())]);
  return { tokens, user };
}

/** Whose the stored session is: null when nobody's; undefined when it cannot be told (a sign-in's user
 *  record not stored yet, or storage that cannot be read). */
async function storedUser(): Promise<number | null | undefined> {
  try {
    const { tokens, user } = await readSession();
    return tokens?.refresh_token ? user?.id : null;
  } catch {
    return undefined;
  }
}

function followStoredSession(): Promise<void> {
  return storedUser().then(follow);
}

/**
 * The stored tokens, for http.ts to adopt after another tab refreshed them. When this tab's person was
 * signed out in another tab (only a sign-out clears the store), or the tokens are another person's, the
 * refresh fails instead and this tab reloads into the stored session, saying why. Unreadable: null (the
 * tab refreshes with its own token).
 */
export async function storedTokensOfThisTab(): Promise<StoredTokens | null> {
  let stored;
  try {
    stored = await readSession();
  } catch {
    return null;
  }
  const mine = getSession().user?.id;
  if (mine !== undefined && !stored.tokens?.refresh_token) {
    follow(null);
    throw new ApiRequestError('unknown_error', 401, null, 'unauthorized');
  }
  // Tokens whose person is someone else, or not known yet (another tab's sign-in before its user record):
  // not adopted, and not refreshed with this tab's own token either (that would sign the other tab out).
  if (mine !== undefined && stored.user?.id !== mine) {
    if (stored.user) follow(stored.user.id);
    throw new ApiRequestError('unknown_error', 401, null, 'unauthorized');
  }
  return stored.tokens ?? null;
}

export function watchOtherTabs(): void {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.onmessage = (e: MessageEvent<SessionUserMessage>) => follow(e.data?.userId);
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void followStoredSession();
  });
}
