/** The wallet's changes through the outbox: balance events and the 'used' mark, shown at once, synced later. */
import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queueChange, usePendingChanges } from '../../offline/outbox';
import { useSession } from '../../lib/session';
import { newEventId } from './balance-logic';
import { installWalletSync } from './wallet-sync';

export function useWalletChanges() {
  const qc = useQueryClient();
  const { userId } = useSession();
  useEffect(() => installWalletSync(qc), [qc]);
  const changes = usePendingChanges();
  const recordEvent = useCallback(
    (walletId: number, type: 'spend' | 'correction', cents: number): Promise<void> => {
      if (userId == null) return Promise.resolve();
      return queueChange(userId, { kind: 'balance', walletId, eventId: newEventId(), type, cents, at: Date.now() });
    },
    [userId],
  );
  const setUsed = useCallback(
    (walletId: number, used: boolean): Promise<void> => {
      if (userId == null) return Promise.resolve();
      return queueChange(userId, { kind: 'wallet-used', walletId, used }, !used);
    },
    [userId],
  );
  return { changes, recordEvent, setUsed };
}
