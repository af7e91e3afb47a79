/**
 * Conversion intake: each network delivery, once (its event id is the key of partner_events, so a
 * resent or concurrent copy waits for the first and answers its stored response, writing nothing),
 * moves the one conversion of its order and the user's reward along the state machine
 * (conversion-state.ts). The conversion row is locked while a delivery is applied, so deliveries of
 * one order apply one at a time, whichever process receives them. An unknown click reference is
 * kept as an unmatched conversion for the operator.
 */
import type { Db } from '../db/open.ts';
import type { PartnerConversionResult } from '../contract/types.ts';
import { EXT_STATE, STATUS_RANK, nextRewardState, stateOfRow, type ConversionStatus, type RewardState } from './conversion-state.ts';
import { rewardPoints } from './reward-terms.ts';
import { pointsBalance } from './points.ts';
import { recordRewardState } from './notifications.ts';

export interface ConversionInput {
  network: string;
  eventId: string;
  orderRef: string;
  clickRef: string;
  status: ConversionStatus;
  /** The order amount in cents. */
  cents: number;
  currency: 'EUR';
  reason: string | null;
  occurredAt: string;
}

export interface ConversionAnswer {
  status: 200 | 202;
  body: PartnerConversionResult;
}

export interface ConversionRow {
  id: number;
  trip_id: number | null;
  transaction_id: number | null;
  order_amount: number;
  status: ConversionStatus;
  reason: string | null;
  occurred_at: unknown;
}

const CONVERSION_COLUMNS = 'id, trip_id, transaction_id, order_amount, status, reason, occurred_at';

const STATE_NAME: Record<Exclude<RewardState, 'none'>, NonNullable<PartnerConversionResult['transaction']>['state']> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  paid: 'Paid',
  canceled: 'Canceled',
};

export async function receiveConversion(db: Db, input: ConversionInput): Promise<ConversionAnswer> {
  return db.transaction(async (tx) => {
    const claimed = await tx.query(
      `INSERT INTO partner_events (network, event_id, status, outcome, response_status, response)
       VALUES ($1, $2, $3, 'received', 0, '{}') ON CONFLICT DO NOTHING RETURNING 1`,
      [input.network, input.eventId, input.status],
    );
    if (claimed.rows.length === 0) {
      // A replay: the first delivery of this event committed (an insert racing it waited for that).
      const prior = await tx.query<{ response_status: number; response: unknown }>(
        'SELECT response_status, response FROM partner_events WHERE network = $1 AND event_id = $2',
        [input.network, input.eventId],
      );
      const r = prior.rows[0];
      return { status: r.response_status as 200 | 202, body: (typeof r.response === 'string' ? JSON.parse(r.response) : r.response) as PartnerConversionResult };
    }

    const conv = await lockConversion(tx, input);
    const furthest = STATUS_RANK[input.status] > STATUS_RANK[conv.status] ? input.status : conv.status;
    let answer: ConversionAnswer;
    if (conv.trip_id === null) {
      await tx.query(
        `UPDATE partner_conversions SET status = $2, reason = coalesce($3, reason), order_amount = $4, updated_at = now() WHERE id = $1`,
        [conv.id, furthest, input.status === 'declined' ? input.reason : null, input.status === 'declined' ? conv.order_amount : input.cents],
      );
      answer = { status: 202, body: { event_id: input.eventId, conversion_id: conv.id, outcome: 'unmatched', transaction: null } };
    } else {
      if (conv.transaction_id === null) conv.transaction_id = await claimedReward(tx, conv.id, conv.trip_id);
      const moved = await applyToReward(tx, conv, input.status, input.status === 'declined' ? conv.order_amount : input.cents, input.reason, input.occurredAt);
      if (moved.outcome === 'applied') {
        await tx.query(
          `UPDATE partner_conversions SET status = $2, reason = coalesce($3, reason), order_amount = $4, transaction_id = $5, updated_at = now() WHERE id = $1`,
          [conv.id, furthest, input.status === 'declined' ? input.reason : null, input.status === 'declined' ? conv.order_amount : input.cents, moved.transactionId],
        );
      }
      answer = {
        status: 200,
        body: {
          event_id: input.eventId,
          conversion_id: conv.id,
          outcome: moved.outcome,
          transaction: moved.transactionId === null || moved.state === 'none' ? null : { id: moved.transactionId, state: STATE_NAME[moved.state] },
        },
      };
    }
    await tx.query(
      `UPDATE partner_events SET conversion_id = $3, outcome = $4, response_status = $5, response = $6 WHERE network = $1 AND event_id = $2`,
      [input.network, input.eventId, conv.id, answer.body.outcome, answer.status, JSON.stringify(answer.body)],
    );
    return answer;
  });
}

/**
 * The reward an operator booked on the trip for a missing-reward claim, when the network's conversion for
 * that purchase arrives after all: the conversion takes it over (the network owns the amount and moves its
 * state), so the purchase is not rewarded twice. Null when there is none, or a conversion has it already.
 * The trip's row lock orders this with a claim's approval (operator-desk.ts takes it too).
 */
async function claimedReward(tx: Db, conversionId: number, tripId: number): Promise<number | null> {
  await tx.query('SELECT id FROM shopping_trips WHERE id = $1 FOR UPDATE', [tripId]);
  const found = (
    await tx.query<{ id: number }>(
      `SELECT rc.transaction_id AS id FROM reward_claims rc
        WHERE rc.trip_id = $1 AND rc.status = 'approved' AND rc.transaction_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM partner_conversions p WHERE p.transaction_id = rc.transaction_id)`,
      [tripId],
    )
  ).rows[0];
  if (!found) return null;
  await tx.query('UPDATE partner_conversions SET transaction_id = $2, updated_at = now() WHERE id = $1', [conversionId, found.id]);
  return found.id;
}

/**
 * Held (to the end of the transaction) while a conversion looks for its click's trip and while a trip sent
 * later looks for its click's waiting conversions: arriving at the same moment, neither would see the
 * other's uncommitted row, and the conversion would stay unmatched.
 */
export async function clickLock(tx: Db, clickRef: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(727030, hashtext($1))', [clickRef]);
}

/** The order's conversion, locked; created (matched to the trip of its click reference, if any) on its first delivery. */
async function lockConversion(tx: Db, input: ConversionInput): Promise<ConversionRow> {
  const select = () =>
    tx.query<ConversionRow>(`SELECT ${CONVERSION_COLUMNS} FROM partner_conversions WHERE network = $1 AND order_ref = $2 FOR UPDATE`, [input.network, input.orderRef]);
  let row = (await select()).rows[0];
  if (row) return row;
  await clickLock(tx, input.clickRef);
  const ins = await tx.query<ConversionRow>(
    `INSERT INTO partner_conversions (network, order_ref, click_ref, trip_id, order_amount, currency, status, reason, occurred_at)
     VALUES ($1, $2, $3, (SELECT s.id FROM shopping_trips s JOIN brands b ON b.id = s.brand_id WHERE s.click_ref = $3 AND b.network = $1), $4, $5, $6, $7, $8)
     ON CONFLICT (network, order_ref) DO NOTHING RETURNING ${CONVERSION_COLUMNS}`,
    [input.network, input.orderRef, input.clickRef, input.cents, input.currency, input.status, null, input.occurredAt],
  );
  // status starts at this delivery's and the reward is not booked yet: applying it is the move.
  if (ins.rows[0]) return { ...ins.rows[0], status: 'pending', transaction_id: null };
  row = (await select()).rows[0];
  return row!;
}

/**
 * Moves the conversion's reward by one delivery. Creates the transaction on the first forward move
 * (with the reward the trip's terms give the order amount); later moves update its state, dates and
 * (while not paid) the amounts. The transaction row is locked, so the payout job cannot pay it meanwhile.
 */
export async function applyToReward(
  tx: Db,
  conv: Pick<ConversionRow, 'trip_id' | 'transaction_id'>,
  status: ConversionStatus,
  cents: number,
  reason: string | null,
  occurredAt: string,
  /** The reward in points, when an operator names it (otherwise the trip's terms give it). */
  fixedPoints?: number,
): Promise<{ outcome: 'applied' | 'ignored' | 'after_payout'; transactionId: number | null; state: RewardState }> {
  const current = conv.transaction_id === null
    ? undefined
    : (
        await tx.query<{ ext_state: string | null; paid_at: unknown; user_id: number; amount: number }>(
          'SELECT ext_state, paid_at, user_id, amount FROM loyalty_transactions WHERE id = $1 FOR UPDATE',
          [conv.transaction_id],
        )
      ).rows[0];
  const state = stateOfRow(current);
  const next = nextRewardState(state, status);
  if (next.outcome !== 'applied') return { outcome: next.outcome, transactionId: conv.transaction_id, state };
  // A confirmed reward's points are spendable before the payout: a decline the balance cannot cover (the
  // user donated them meanwhile) is, like a decline after the payout, recorded for the operator, not applied.
  if (current && state === 'confirmed' && next.state === 'canceled') {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [current.user_id]); // the lock a donation takes
    if ((await pointsBalance(tx, current.user_id)) < current.amount) return { outcome: 'after_payout', transactionId: conv.transaction_id, state };
  }
  const to = next.state as Exclude<RewardState, 'none'>;
  const terms = (
    await tx.query<{ terms_type: 'percentage' | 'fixed'; terms_value: number }>(
      `SELECT coalesce(s.terms_type, b.commission_type) AS terms_type,
              coalesce(s.terms_value, CASE WHEN b.commission_type = 'fixed' THEN round(b.affiliate_percent::numeric) ELSE round(b.affiliate_percent::numeric * 100) END)::int AS terms_value
         FROM shopping_trips s JOIN brands b ON b.id = s.brand_id WHERE s.id = $1`,
      [conv.trip_id],
    )
  ).rows[0];
  const points = fixedPoints ?? rewardPoints(cents, terms.terms_type, terms.terms_value);
  const dates = {
    pending_at: to === 'pending' ? 'now()' : 'NULL',
    confirmed_at: to === 'confirmed' ? 'now()' : 'NULL',
    canceled_at: to === 'canceled' ? 'now()' : 'NULL',
  };
  if (!current) {
    const ins = await tx.query<{ id: number }>(
      `INSERT INTO loyalty_transactions (user_id, type_id, direction, debit_account_id, credit_account_id, amount, occurred_at,
                                         ext_amount, ext_currency, ext_state, ext_partner_name, brand_id, trip_id,
                                         pending_at, confirmed_at, canceled_at, cancel_reason)
       SELECT s.user_id, (SELECT id FROM transaction_types WHERE name = 'purchase'), 'in', ua.id,
              (SELECT id FROM loyalty_accounts WHERE system_key = 'rewards'), $2, $3, $4, 'EUR', $5, b.name, b.id, s.id,
              ${dates.pending_at}, ${dates.confirmed_at}, ${dates.canceled_at}, $6
         FROM shopping_trips s JOIN brands b ON b.id = s.brand_id JOIN loyalty_accounts ua ON ua.user_id = s.user_id
        WHERE s.id = $1
       RETURNING id`,
      [conv.trip_id, points, occurredAt, cents, EXT_STATE[to], to === 'canceled' ? reason : null],
    );
    if (to === 'confirmed' || to === 'canceled') await recordRewardState(tx, ins.rows[0].id, to);
    return { outcome: 'applied', transactionId: ins.rows[0].id, state: to };
  }
  await tx.query(
    `UPDATE loyalty_transactions
        SET ext_state = $2, amount = $3, ext_amount = $4,
            pending_at = coalesce(pending_at, ${dates.pending_at}),
            confirmed_at = coalesce(confirmed_at, ${dates.confirmed_at}),
            canceled_at = coalesce(canceled_at, ${dates.canceled_at}),
            cancel_reason = CASE WHEN $2 = 'Declined' THEN $5 ELSE cancel_reason END
      WHERE id = $1`,
    [conv.transaction_id, EXT_STATE[to], points, cents, reason],
  );
  if (to === 'confirmed' || to === 'canceled') await recordRewardState(tx, conv.transaction_id!, to);
  return { outcome: 'applied', transactionId: conv.transaction_id, state: to };
}

/**
 * A trip recorded after its conversions arrived (the tap was made offline and the outbox sent it
 * later): the conversions waiting unmatched with its click reference are booked on it now.
 */
export async function matchWaitingConversions(db: Db, tripId: number, clickRef: string): Promise<void> {
  await db.transaction(async (tx) => {
    const waiting = (
      await tx.query<ConversionRow>(
        // Only the trip's own network can reward it: a click reference another network sends stays unmatched.
        `SELECT ${CONVERSION_COLUMNS} FROM partner_conversions
          WHERE click_ref = $1 AND trip_id IS NULL
            AND network = (SELECT b.network FROM shopping_trips s JOIN brands b ON b.id = s.brand_id WHERE s.id = $2)
          ORDER BY id FOR UPDATE`,
        [clickRef, tripId],
      )
    ).rows;
    for (const conv of waiting) {
      const occurred = conv.occurred_at instanceof Date ? conv.occurred_at.toISOString() : new Date(String(conv.occurred_at)).toISOString();
      const booked = await applyToReward(tx, { trip_id: tripId, transaction_id: null }, conv.status, conv.order_amount, conv.reason, occurred);
      await tx.query('UPDATE partner_conversions SET trip_id = $2, transaction_id = $3, updated_at = now() WHERE id = $1', [conv.id, tripId, booked.transactionId]);
    }
  });
}
