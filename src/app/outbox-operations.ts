// The outbox sends what features register; this wires every feature's operation at boot, before the
// first drain (changes queued before a reload are sent at start).
import type { QueryClient } from '@tanstack/react-query';
import { sendFavorite } from '../features/favorites/outbox-operation';
import { sendNotificationRead } from '../features/account/notification-outbox-operation';
import { sendTarget } from '../features/targets/outbox-operation';
import { sendBalanceEvent, sendWalletUsed } from '../features/wallet/outbox-operation';
import { registerOutboxOperation } from '../offline/outbox';

export function registerOutboxOperations(queryClient?: QueryClient): void {
  registerOutboxOperation('favorite', sendFavorite);
  registerOutboxOperation('target', sendTarget);
  registerOutboxOperation('wallet-used', sendWalletUsed);
  registerOutboxOperation('balance', sendBalanceEvent);
  registerOutboxOperation('notification-read', sendNotificationRead);
  // Trips and claims load their sender on first use (it stays out of the shop's first-paint JS), with
  // the listeners that refresh the trips and tell a refused claim, wherever the user is.
  const trips = async () => {
    const m = await import('../features/transactions/trips-sync');
    if (queryClient) m.installTripsSync(queryClient);
    return m;
  };
  registerOutboxOperation('trip', (change) => trips().then((m) => m.sendTrip(change)));
  registerOutboxOperation('claim', (change) => trips().then((m) => m.sendClaim(change)));
}
