/**
 * How the outbox sends a trip or a claim (each with the client's key, so the server stores it once
 * however often it is sent), and what happens when one reaches the server, or is refused: the
 * trips list is fetched again, and a refused claim is told in a toast (a refused trip is dropped
 * quietly: a server without trips refuses every one). Installed by the trips screens, and at boot
 * when a claim waits in the queue (src/app/outbox-operations.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiError } from '@contract/types';
import { fixedT } from '../../lib/i18n';
import { onOutboxRejected, onOutboxSynced } from '../../offline/outbox';
import type { OutboxOperation } from '../../offline/outbox';
import { showToast } from '../../ui/toast';
import { postClaim, postTrip } from './api';
import { tripQueries } from './queries';

export const sendTrip: OutboxOperation<'trip'> = (change) => postTrip(change.brandId, change.idempotencyKey, change.clickRef);

export const sendClaim: OutboxOperation<'claim'> = (change) =>
  postClaim(change.tripId, {
    idempotency_key: change.idempotencyKey,
    purchase_date: change.purchaseDate,
    order_number: change.orderNumber,
    amount: change.cents / 100,
  });

let installedFor: QueryClient | null = null;

const REFUSALS = new Set(['claim_too_early', 'reward_found', 'claim_exists', 'not_found']);

/** The translated reason a claim was refused. */
export async function claimRefusal(error: ApiError | null): Promise<string> {
  const t = await fixedT('transactions');
  const code = error?.error ?? '';
  return `${t('claim.refused')} ${t(REFUSALS.has(code) ? `claim.refusal.${code}` : 'claim.refusal.other')}`;
}

export function installTripsSync(qc: QueryClient): void {
  if (installedFor === qc) return;
  installedFor = qc;
  onOutboxSynced((change) => {
    if (change.kind === 'trip' || change.kind === 'claim') void qc.invalidateQueries({ queryKey: tripQueries.all() });
  });
  onOutboxRejected((change, error) => {
    if (change.kind !== 'claim') return;
    void qc.invalidateQueries({ queryKey: tripQueries.all() });
    void claimRefusal(error).then((text) => showToast(text, { tone: 'error', duration: 8000 }));
  });
}
