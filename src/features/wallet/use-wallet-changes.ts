/** The wallet's changes through the outbox: balance events and the 'used' mark, shown at once, synced later. */
import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queueChangeLater } from '../../offline/outbox-lazy';
import { usePendingChanges } from '../../offline/outbox-state';
import { useSession } from '../../lib/session';
import { newEventId } from './balance-logic';

/**
 * The sync's reactions to an answer (the card patched, the list refreshed, a rejection told) are in place
 * before a change is queued. They load with the first change, not with the screen, so its first paint does
 * not wait for them (src/app/offline-boot.ts also loads them for changes still queued from earlier). A change
 * is queued even if they could not load (offline before the worker saved the app): nothing is lost.
 */
function withSync(qc: QueryClient): Promise<void> {
  return import('./wallet-sync').then((m) => m.installWalletSync(qc)).catch(() => undefined);
}

export function useWalletChanges() {
  const qc = useQueryClient();
  const { userId } = useSession();
  const changes = usePendingChanges();
  const recordEvent = useCallback(
    /** `eventId`: the caller's, to know the event again (a refusal names it); a new one by default. */
    (walletId: number, type: 'spend' | 'correction', cents: number, eventId = newEventId()): Promise<void> => {
      if (userId == null) return Promise.resolve();
      return withSync(qc).then(() => queueChangeLater(userId, { kind: 'balance', walletId, eventId, type, cents, at: Date.now() }));
    },
    [qc, userId],
  );
  const setUsed = useCallback(
    (walletId: number, used: boolean): Promise<void> => {
      if (userId == null) return Promise.resolve();
      return withSync(qc).then(() => queueChangeLater(userId, { kind: 'wallet-used', walletId, used }, !used));
    },
    [qc, userId],
  );
  return { changes, recordEvent, setUsed };
}
