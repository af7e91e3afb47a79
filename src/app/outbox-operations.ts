// The outbox sends what features register; this wires every feature's operation at boot, before the
// first drain (changes queued before a reload are sent at start).
import { sendFavorite } from '../features/favorites/outbox-operation';
import { sendTarget } from '../features/targets/outbox-operation';
import { sendBalanceEvent, sendWalletUsed } from '../features/wallet/outbox-operation';
import { registerOutboxOperation } from '../offline/outbox';

export function registerOutboxOperations(): void {
  registerOutboxOperation('favorite', sendFavorite);
  registerOutboxOperation('target', sendTarget);
  registerOutboxOperation('wallet-used', sendWalletUsed);
  registerOutboxOperation('balance', sendBalanceEvent);
}
