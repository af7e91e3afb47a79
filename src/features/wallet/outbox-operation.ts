// Wallet changes as the outbox sends them: the used mark (idempotent POST/DELETE) and balance events
// (sent with the client's event id, so the server applies each once however often it is sent).
import { request } from '../../lib/http';
import type { OutboxOperation } from '../../offline/outbox';

export const sendWalletUsed: OutboxOperation<'wallet-used'> = (change) =>
  request(`/wallet/${change.walletId}/used`, { method: change.used ? 'POST' : 'DELETE' });

export const sendBalanceEvent: OutboxOperation<'balance'> = (change) => {
  const euros = change.cents / 100;
  const body =
    change.type === 'spend'
      ? { event_id: change.eventId, type: 'spend', amount: euros }
      : { event_id: change.eventId, type: 'correction', balance: euros };
  return request(`/wallet/${change.walletId}/balance-events`, { method: 'POST', body });
};
