// Select / unselect a reward target, as the outbox sends it (the server answers 200 when already
// selected and 204 when not, so a retry is harmless).
import { request } from '../../lib/http';
import type { OutboxOperation } from '../../offline/outbox';

export const sendTarget: OutboxOperation<'target'> = (change) =>
  request('/application-users/targets', { method: change.selected ? 'POST' : 'DELETE', body: { target_id: change.targetId } });
