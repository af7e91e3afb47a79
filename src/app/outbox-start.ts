/**
 * The outbox's start, part of every boot (src/main.tsx) before the first render: a change queued from
 * first-paint code (a follow) waits for the engine set up here (outbox-lazy.ts). The engine and the
 * features' outbox operations load as a chunk of their own once the first screen is shown; the engine
 * follows the signed-in user and forgets a user who signs out. The rest of the offline boot
 * (offline-boot.ts) is a chunk too.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getSession, isSignedIn, onLogout, subscribeSession } from '../lib/session';
import { forgetParked, loadedOutbox, loadOutbox, sendParkedOf, setOutboxEngine } from '../offline/outbox-lazy';
import { loadWhenOnline } from '../offline/online';

type Engine = typeof import('../offline/outbox');

export function currentUserId(): number | null {
  return getSession().user?.id ?? null;
}

/**
 * Offline before the worker saved the app (a first visit), the engine's chunk cannot download: it is
 * loaded again once the network is back, and the changes queued meanwhile (kept in IndexedDB) are sent then.
 */
export function startOutbox(queryClient: QueryClient, afterFirstRender: Promise<void>): void {
  setOutboxEngine(
    afterFirstRender
      .then(() => loadWhenOnline(() => Promise.all([import('../offline/outbox'), import('./outbox-operations')])))
      .then(([outbox, operations]) => {
        operations.registerOutboxOperations(queryClient);
        outbox.setOutboxUser(currentUserId());
        outbox.startOutbox();
        return outbox;
      }),
    () => (isSignedIn() ? (currentUserId() ?? undefined) : null),
  );
  let userId = currentUserId();
  subscribeSession(() => {
    const next = currentUserId();
    if (next === userId) return;
    userId = next;
    void loadOutbox().then((outbox) => outbox.setOutboxUser(next));
    if (next != null) void sendParkedOf(next);
  });
  // A user who signs out takes their queued and parked changes along. An engine not in yet clears the
  // queue when it comes (it never sends for a user who is not signed in): sign-out does not wait for it,
  // which offline on a first visit would be until the network is back.
  onLogout(async ({ userId: leaving }) => {
    if (leaving == null) return;
    const clear = (outbox: Engine) => outbox.clearOutbox(leaving);
    const engine = loadedOutbox();
    if (!engine) void loadOutbox().then(clear).catch(() => undefined);
    await Promise.all([forgetParked(leaving), engine ? clear(engine) : undefined]);
  });
}
