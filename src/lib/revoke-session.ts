/**
 * Signing out ends the session on the server too (POST /oauth/v2/revoke with its refresh token: the
 * server revokes the whole session, its access tokens and its push subscription, and it leaves the
 * signed-in devices list). Without it a signed-out phone still held a working session. Offline, or
 * with the server unreachable, the token is kept in this device's storage and revoked as soon as the
 * network is back (this page, or the next start: `revokeLeftSessionsSoon` in session.ts). Loaded only
 * when needed.
 */
import { REVOKE_URL } from './config';
import { STORAGE_KEYS } from '../offline/storage-keys';
import { readList, writeList } from './stored-list';

const MAX_KEPT = 10;

const kept = () => readList(() => localStorage, STORAGE_KEYS.pendingRevocations);
const keep = (tokens: string[]) => writeList(() => localStorage, STORAGE_KEYS.pendingRevocations, tokens, MAX_KEPT);

/** True once the server has had the token (a refusal too: a token it does not know is gone already),
 *  false when it should be tried again (no answer, a server error, too many requests). */
async function send(token: string): Promise<boolean> {
  try {
    const res = await fetch(REVOKE_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token }),
      keepalive: true, // the page may be left right after signing out
    });
    return res.status < 500 && res.status !== 408 && res.status !== 429;
  } catch {
    return false;
  }
}

let retryWired = false;

/** Revoke the tokens kept from earlier sign-outs; what still cannot reach the server stays kept. */
export async function revokeLeftSessions(): Promise<void> {
  const tokens = kept();
  if (!tokens.length) return;
  const left: string[] = [];
  for (const token of tokens) if (!(await send(token))) left.push(token);
  // Tokens kept by another tab meanwhile stay too.
  keep([...new Set([...left, ...kept().filter((t) => !tokens.includes(t))])]);
  if (left.length && !retryWired) {
    retryWired = true;
    window.addEventListener('online', () => void revokeLeftSessions());
  }
}

/** Ends the signed-out session on the server, now or once it can be reached. */
export async function revokeSession(refreshToken: string): Promise<void> {
  keep([...kept().filter((t) => t !== refreshToken), refreshToken]);
  await revokeLeftSessions();
}
