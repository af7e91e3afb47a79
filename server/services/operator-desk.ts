/**
 * What an operator does: list and decide missing-reward claims (an approval books the pending
 * reward on the trip), list unmatched conversions (and declines that came after a payout), match a
 * conversion to a trip (its furthest status is then applied to a new reward). Each decision runs in
 * one database transaction with its audit row, under the claim's or conversion's row lock, so a
 * second decision of the same thing (another operator, another process) finds it decided.
 */
import type { Db } from '../db/open.ts';
import { DomainError } from './errors.ts';
import { applyToReward, type ConversionRow } from './conversions.ts';
import { recordAction, type Operator } from './operators.ts';
import { recordClaimAnswer } from './notifications.ts';
import type { ActionRow, ClaimRow, ConversionListRow } from '../present/operator.ts';
import { pagedRows } from '../db/paged.ts';

const CLAIM_SELECT = `SELECT c.id, c.trip_id, c.user_id, s.brand_id, b.name AS brand_name, s.created_at AS trip_created_at, s.click_ref,
       to_char(c.purchase_date, 'YYYY-MM-DD') AS purchase_date, c.order_number, c.amount, c.currency, c.status, c.reason,
       c.transaction_id, c.created_at, c.updated_at
  FROM reward_claims c JOIN shopping_trips s ON s.id = c.trip_id JOIN brands b ON b.id = s.brand_id`;

export type ClaimFilter = 'open' | 'submitted' | 'reviewing' | 'approved' | 'rejected' | 'all';

export async function listClaims(db: Db, filter: ClaimFilter, limit: number, offset: number): Promise<{ rows: ClaimRow[]; total: number }> {
  const where = filter === 'all' ? 'TRUE' : filter === 'open' ? `c.status IN ('submitted', 'reviewing')` : 'c.status = $1';
  const params: unknown[] = filter !== 'all' && filter !== 'open' ? [filter] : [];
  const sql = `${CLAIM_SELECT.replace('SELECT ', 'SELECT count(*) OVER ()::int AS total, ')} WHERE ${where} ORDER BY c.created_at, c.id`;
  return pagedRows<ClaimRow & { total: number }>(db, sql, params, limit, offset);
}

async function claimRow(db: Db, id: number): Promise<ClaimRow> {
  const row = (await db.query<ClaimRow>(`${CLAIM_SELECT} WHERE c.id = $1`, [id])).rows[0];
  if (!row) throw new DomainError('not_found', 'not_found', 'Claim not found.');
  return row;
}

/** Locks an undecided claim; 404 / 409 otherwise. */
async function openClaim(tx: Db, id: number): Promise<{ trip_id: number; amount: number; status: string }> {
  const c = (await tx.query<{ trip_id: number; amount: number; status: string }>('SELECT trip_id, amount, status FROM reward_claims WHERE id = $1 FOR UPDATE', [id])).rows[0];
  if (!c) throw new DomainError('not_found', 'not_found', 'Claim not found.');
  if (c.status === 'approved' || c.status === 'rejected') throw new DomainError('conflict', 'claim_decided', `This claim was already ${c.status}.`);
  return c;
}

/** Approves a claim: books the trip's reward as Pending (points given, or the trip's terms on the claimed amount). */
export async function approveClaim(db: Db, op: Operator, id: number, points: number | undefined): Promise<ClaimRow> {
  await db.transaction(async (tx) => {
    const c = await openClaim(tx, id);
    // The trip's row lock: a conversion matched to it meanwhile waits, and is then seen here.
    await tx.query('SELECT id FROM shopping_trips WHERE id = $1 FOR UPDATE', [c.trip_id]);
    const has = await tx.query('SELECT 1 FROM loyalty_transactions WHERE trip_id = $1', [c.trip_id]);
    if (has.rows.length > 0) throw new DomainError('conflict', 'reward_found', 'This trip has a reward already.');
    const booked = await applyToReward(tx, { trip_id: c.trip_id, transaction_id: null }, 'pending', c.amount, null, new Date().toISOString(), points);
    await tx.query(`UPDATE reward_claims SET status = 'approved', reason = NULL, transaction_id = $2, updated_at = now() WHERE id = $1`, [id, booked.transactionId]);
    const amount = (await tx.query<{ amount: number }>('SELECT amount FROM loyalty_transactions WHERE id = $1', [booked.transactionId])).rows[0].amount;
    await recordAction(tx, op, 'approve_claim', `claim:${id}`, { transaction_id: booked.transactionId, points: amount });
    await recordClaimAnswer(tx, id);
  });
  return claimRow(db, id);
}

/**
 * Confirms an approved claim's reward (Pending → Confirmed; the payout then pays it). A missing-reward claim
 * is mostly a sale the network never tracked, so no conversion will move that reward; when one did take it
 * over, the network owns its state and this is refused.
 */
export async function confirmClaim(db: Db, op: Operator, id: number): Promise<ClaimRow> {
  await db.transaction(async (tx) => {
    const c = (
      await tx.query<{ trip_id: number; status: string; transaction_id: number | null }>('SELECT trip_id, status, transaction_id FROM reward_claims WHERE id = $1 FOR UPDATE', [id])
    ).rows[0];
    if (!c) throw new DomainError('not_found', 'not_found', 'Claim not found.');
    if (c.status !== 'approved' || c.transaction_id === null) throw new DomainError('conflict', 'claim_not_approved', 'Only an approved claim\'s reward can be confirmed.');
    await tx.query('SELECT id FROM shopping_trips WHERE id = $1 FOR UPDATE', [c.trip_id]); // as a conversion's takeover does
    const network = await tx.query('SELECT 1 FROM partner_conversions WHERE transaction_id = $1', [c.transaction_id]);
    if (network.rows.length > 0) throw new DomainError('conflict', 'network_owned', 'The network\'s conversion moves this reward.');
    const reward = (await tx.query<{ amount: number; ext_amount: number }>('SELECT amount, ext_amount FROM loyalty_transactions WHERE id = $1', [c.transaction_id])).rows[0];
    const moved = await applyToReward(tx, { trip_id: c.trip_id, transaction_id: c.transaction_id }, 'approved', reward.ext_amount, null, new Date().toISOString(), reward.amount);
    if (moved.outcome !== 'applied') throw new DomainError('conflict', 'reward_moved', 'This reward is confirmed, paid or canceled already.');
    await recordAction(tx, op, 'confirm_claim', `claim:${id}`, { transaction_id: c.transaction_id });
  });
  return claimRow(db, id);
}

export async function rejectClaim(db: Db, op: Operator, id: number, reason: string): Promise<ClaimRow> {
  await db.transaction(async (tx) => {
    await openClaim(tx, id);
    await tx.query(`UPDATE reward_claims SET status = 'rejected', reason = $2, updated_at = now() WHERE id = $1`, [id, reason]);
    await recordAction(tx, op, 'reject_claim', `claim:${id}`, { reason });
    await recordClaimAnswer(tx, id);
  });
  return claimRow(db, id);
}

export async function listConversions(db: Db, filter: 'unmatched' | 'after_payout', limit: number, offset: number): Promise<{ rows: ConversionListRow[]; total: number }> {
  const after = `EXISTS (SELECT 1 FROM partner_events e WHERE e.conversion_id = p.id AND e.outcome = 'after_payout')`;
  return pagedRows<ConversionListRow & { total: number }>(
    db,
    `SELECT count(*) OVER ()::int AS total, p.id, p.network, p.order_ref, p.click_ref, p.status, p.order_amount, p.currency, p.reason,
            p.occurred_at, p.created_at, p.trip_id, p.transaction_id, ${after} AS declined_after_payout
       FROM partner_conversions p
      WHERE ${filter === 'unmatched' ? 'p.trip_id IS NULL' : after}
      ORDER BY p.created_at, p.id`,
    [],
    limit,
    offset,
  );
}

/** Matches an unmatched conversion to a trip and books its reward at the conversion's furthest status. */
export async function matchConversion(db: Db, op: Operator, id: number, tripId: number): Promise<ConversionListRow> {
  await db.transaction(async (tx) => {
    const conv = (await tx.query<ConversionRow & { network: string }>(`SELECT id, network, trip_id, transaction_id, order_amount, status, reason, occurred_at FROM partner_conversions WHERE id = $1 FOR UPDATE`, [id])).rows[0];
    if (!conv) throw new DomainError('not_found', 'not_found', 'Conversion not found.');
    if (conv.trip_id !== null) throw new DomainError('conflict', 'already_matched', 'This conversion is matched to a trip already.');
    const trip = await tx.query<{ network: string | null }>(
      'SELECT b.network FROM shopping_trips s JOIN brands b ON b.id = s.brand_id WHERE s.id = $1 FOR UPDATE OF s',
      [tripId],
    );
    if (trip.rows.length === 0) throw new DomainError('invalid', 'validation_error', 'No such trip.', [{ property_path: 'trip_id', message: 'No such trip.', code: 'not_found' }]);
    // A network's conversion pays for its own brands only: a trip to another network's brand is not its sale.
    if (trip.rows[0]!.network !== conv.network) {
      const message = `This trip's brand is not on the ${conv.network} network.`;
      throw new DomainError('invalid', 'validation_error', message, [{ property_path: 'trip_id', message, code: 'other_network' }]);
    }
    const has = await tx.query('SELECT 1 FROM loyalty_transactions WHERE trip_id = $1', [tripId]);
    if (has.rows.length > 0) throw new DomainError('conflict', 'reward_found', 'This trip has a reward already.');
    const occurred = conv.occurred_at instanceof Date ? conv.occurred_at.toISOString() : new Date(String(conv.occurred_at)).toISOString();
    const booked = await applyToReward(tx, { trip_id: tripId, transaction_id: null }, conv.status, conv.order_amount, conv.reason, occurred);
    await tx.query('UPDATE partner_conversions SET trip_id = $2, transaction_id = $3, updated_at = now() WHERE id = $1', [id, tripId, booked.transactionId]);
    await recordAction(tx, op, 'match_conversion', `conversion:${id}`, { trip_id: tripId, transaction_id: booked.transactionId });
  });
  const row = (await db.query<ConversionListRow>(
    `SELECT p.id, p.network, p.order_ref, p.click_ref, p.status, p.order_amount, p.currency, p.reason, p.occurred_at, p.created_at, p.trip_id, p.transaction_id, false AS declined_after_payout
       FROM partner_conversions p WHERE p.id = $1`,
    [id],
  )).rows[0];
  return row;
}

export async function listActions(db: Db, limit: number, offset: number): Promise<{ rows: ActionRow[]; total: number }> {
  return pagedRows<ActionRow & { total: number }>(
    db,
    `SELECT count(*) OVER ()::int AS total, a.id, o.name AS operator, a.action, a.subject, a.detail, a.created_at
       FROM operator_actions a JOIN operators o ON o.id = a.operator_id ORDER BY a.id DESC`,
    [],
    limit,
    offset,
  );
}
