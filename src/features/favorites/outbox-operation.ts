// Follow / unfollow a brand, as the outbox sends it (idempotent on the server: a retry is harmless).
import { request } from '../../lib/http';
import type { OutboxOperation } from '../../offline/outbox';

export const sendFavorite: OutboxOperation<'favorite'> = (change) =>
  request(`/corporate-partners/${change.brandId}/favorite`, { method: change.favorite ? 'POST' : 'DELETE' });
