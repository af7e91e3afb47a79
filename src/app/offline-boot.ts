/**
 * Offline boot, a chunk of its own: registers the service worker, points the worker at the signed-in
 * user, restores that user's saved query cache and keeps saving it; its forgetUser is sign-out's (and
 * account deletion's) clean-up of the user's saved queries and the worker's API copies. src/main.tsx
 * runs it before the first render of an installed start (whose saved data is its first screen) and
 * after the first screen of a start the worker does not serve (a first visit, a hard reload: it could
 * not start offline anyway; the chunk stays off its first paint). The outbox's own start is
 * outbox-start.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getSession, isSignedIn, subscribeSession } from '../lib/session';
import { loadWhenOnline } from '../offline/online';
import { getPendingChanges, subscribePending } from '../offline/outbox-state';
import { purgeUserQueryCache, startQueryPersistence, type CacheOwner } from '../offline/query-persist';
import { postToWorker, registerServiceWorker, unsubscribePush } from '../offline/register-sw';
import { onFreshAnswer, onServedFromCache } from '../offline/served-from-cache';
import { currentUserId } from './outbox-start';

let booted = false;

/**
 * `afterFirstRender` resolves once the first screen shows its data (src/app/first-screen.ts): the
 * worker's registration waits for it (ahead of it, it shared the link and the main thread with what
 * that screen draws). A first visit runs the whole boot after it.
 */
export async function bootOffline(queryClient: QueryClient, afterFirstRender: Promise<void> = Promise.resolve()): Promise<void> {
  if (booted) return;
  booted = true;
  void registerServiceWorker(afterFirstRender);

  let userId = currentUserId();
  let token = currentToken();
  badgePendingChanges();
  refetchWhenFresherArrives(queryClient);
  loadWalletSyncWhenQueued(queryClient);
  // The worker keys its API copies by user; it also learns which access token is whose, so an
  // answer fetched before it heard of a new sign-in is still filed under the right user.
  tellWorker(userId, token);
  if (userId != null) void askPersistentStorage();

  subscribeSession(() => {
    const next = currentUserId();
    const nextToken = currentToken();
    if (next === userId && nextToken === token) return;
    const userChanged = next !== userId;
    userId = next;
    token = nextToken;
    tellWorker(next, nextToken);
    if (userChanged && next != null) void askPersistentStorage();
  });
  // The saved query cache follows the session too (also signed in → user known).
  let owner = cacheOwner();
  subscribeSession(() => {
    const next = cacheOwner();
    if (next === owner) return;
    owner = next;
    void startQueryPersistence(queryClient, next);
  });

  await startQueryPersistence(queryClient, owner);
}

/** Sign-out (and account deletion): the user's saved queries and the worker's API copies go, and with them
 *  this device's push subscription (the queue: outbox-start.ts; the saved pictures: src/main.tsx, which
 *  registers this). */
export async function forgetUser({ userId: leaving }: { userId: number | null }, queryClient: QueryClient): Promise<void> {
  if (leaving == null) return;
  await Promise.all([
    purgeUserQueryCache(leaving, queryClient),
    postToWorker({ type: 'PURGE_USER', userId: leaving }),
    // No pushes for a signed-out user on this device.
    unsubscribePush().catch(() => undefined),
  ]);
}

/** The queries on screen ask again: at once, at most once a second; a call within that second is carried
 *  out at its end, not dropped (its screen kept the copy). `performance.now()`: a clock set back must
 *  not hold refetches up. */
function screenRefetcher(queryClient: QueryClient): () => void {
  let last = -Infinity;
  let waiting = false;
  const refetch = () => {
    waiting = false;
    last = performance.now();
    void queryClient.invalidateQueries({ refetchType: 'active' });
  };
  return () => {
    if (waiting) return;
    const wait = last + 1000 - performance.now();
    if (wait <= 0) return refetch();
    waiting = true;
    setTimeout(refetch, wait);
  };
}

/** Waits before asking again after the worker answered from its copy though the browser was online. */
export const COPY_RETRY_DELAYS_MS = [2000, 4000, 8000];

/**
 * Screens shown from the worker's copy get the network's answer once there is one.
 * - The network was slow: the worker tells when the late, newer answer has come, and the screen asks
 *   again (now answered by the network or by the refreshed copy).
 * - The request failed outright while the browser says it is online (a connection coming back, a
 *   dropped request): nothing more would come of it, and a change just synced would show its old state.
 *   The screen asks again 2, 4 and 8 s later, no more (a network that keeps failing is the offline
 *   case: the copy and its "last updated" stay); the count starts over after a quiet minute.
 */
export function refetchWhenFresherArrives(queryClient: QueryClient): void {
  const refetchSoon = screenRefetcher(queryClient);
  onFreshAnswer(() => refetchSoon());

  let tries = 0;
  let lastCopyAt = -Infinity;
  let retry: ReturnType<typeof setTimeout> | undefined;
  onServedFromCache((_path, reason) => {
    const now = performance.now();
    if (now - lastCopyAt > 60_000) tries = 0;
    lastCopyAt = now;
    if (reason !== 'failed' || !navigator.onLine || retry !== undefined || tries >= COPY_RETRY_DELAYS_MS.length) return;
    retry = setTimeout(() => {
      retry = undefined;
      refetchSoon();
    }, COPY_RETRY_DELAYS_MS[tries++]);
  });
}

/** The app icon's badge counts the changes waiting to sync (Badging API, where the browser has one);
 *  it clears when they have synced (or the user, and with them their queue, is gone). */
function badgePendingChanges(): void {
  if (!('setAppBadge' in navigator)) return;
  let shown = -1;
  const update = () => {
    const n = getPendingChanges().length;
    if (n === shown) return;
    shown = n;
    void (n ? navigator.setAppBadge(n) : navigator.clearAppBadge()).catch(() => undefined);
  };
  subscribePending(update);
  update();
}

/** Wallet changes waiting in the queue (say, from before a reload) get the wallet's sync listeners, a
 *  lazy chunk, so their outcome reaches the cache and the user on whatever screen is open. */
function loadWalletSyncWhenQueued(queryClient: QueryClient): void {
  let stop: (() => void) | null = null;
  let loaded = false;
  const check = () => {
    if (loaded || !getPendingChanges().some((c) => c.kind === 'balance' || c.kind === 'wallet-used')) return;
    loaded = true;
    stop?.();
    void loadWhenOnline(() => import('../features/wallet/wallet-sync')).then((m) => m.installWalletSync(queryClient));
  };
  stop = subscribePending(check);
  check();
}

/** Tell the worker who is signed in. Signed in but the user not loaded yet: say nothing (the worker
 *  holds such answers aside until it hears whose token it is; a 'signed out' now would drop them). */
function tellWorker(userId: number | null, token: string | null): void {
  if (userId == null && token != null) return;
  void postToWorker({ type: 'SET_USER', userId, token: userId == null ? null : token });
}

/** Whose saved query cache applies: the user, a visitor, or nobody yet (signed in, user unknown). */
function cacheOwner(): CacheOwner {
  const id = currentUserId();
  if (id != null) return id;
  return isSignedIn() ? 'pending' : null;
}

function currentToken(): string | null {
  return getSession().tokens?.access_token ?? null;
}

/** After sign-in: ask the browser not to evict our storage (the wallet must survive offline). */
async function askPersistentStorage(): Promise<void> {
  try {
    if (!navigator.storage?.persist) return;
    if (await navigator.storage.persisted()) return;
    await navigator.storage.persist();
  } catch {
    /* not supported */
  }
}
