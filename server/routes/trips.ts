/**
 * Additions: shopping trips (the app records every SHOP tap) and missing-reward claims on a trip
 * that led to no reward. Both writes carry the client's idempotency key, so the outbox can resend
 * them safely: the same key again answers the stored trip or claim (200) and writes nothing.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/open.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpError } from '../http/errors.ts';
import { notFound, validationError } from '../services/errors.ts';
import { int32, pagingSchema, parseBody, parseQuery, pathId } from '../http/validate.ts';
import { requireUser, userId } from '../http/auth.ts';
import { brandLogoUrl, isoDate } from '../present/serialize.ts';
import { claimOpen, CLAIM_AFTER_DAYS } from '../contract/reward-path.ts';
import { CLAIM_AMOUNT_MAX, claimAmountProblem, orderNumber, purchaseDateProblem, type ClaimAmountProblem } from '../contract/rules.ts';
import type { RewardClaim, ShoppingTrip } from '../contract/types.ts';
import { CLICK_REF_PATTERN, newClickRef } from '../contract/click-ref.ts';
import { termsOf } from '../services/reward-terms.ts';
import { clickLock, matchWaitingConversions } from '../services/conversions.ts';
import { stateOfRow } from '../services/conversion-state.ts';

type RewardStateName = NonNullable<ShoppingTrip['reward_state']>;

const idempotencyKey = z
  .string({ error: (i) => (i.input === undefined ? 'idempotency_key is required.' : 'idempotency_key must be a string.') })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'idempotency_key is 8 to 64 letters, digits, _ or -.' });

export const TripBody = z.object({
  corporate_partner_id: int32('corporate_partner_id must be a whole number.'),
  idempotency_key: idempotencyKey,
  click_ref: z
    .string({ error: 'click_ref must be a string.' })
    .regex(CLICK_REF_PATTERN, { message: 'click_ref is 16 to 64 letters, digits, _ or -.' })
    .optional(),
});

const AMOUNT_MESSAGES: Record<ClaimAmountProblem, string> = {
  not_positive: 'amount must be greater than 0.',
  too_many_decimals: 'amount has at most two decimals.',
  above_max: `amount must be ${CLAIM_AMOUNT_MAX} at most.`,
};

export const ClaimBody = z.object({
  idempotency_key: idempotencyKey,
  purchase_date: z
    .string({ error: (i) => (i.input === undefined ? 'purchase_date is required.' : 'purchase_date must be a string.') })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'purchase_date must be a date like 2026-03-05.' }),
  order_number: orderNumber(z.string({ error: (i) => (i.input === undefined ? 'order_number is required.' : 'order_number must be a string.') }), {
    blank: 'order_number must not be blank.',
    tooLong: 'order_number is too long.',
  }),
  amount: z
    .number({ error: (i) => (i.input === undefined ? 'amount is required.' : 'amount must be a number.') })
    .superRefine((v, ctx) => {
      const problem = claimAmountProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES[problem], params: { code: problem } });
    }),
});

interface TripRow {
  id: number;
  created_at: unknown;
  brand_id: number;
  name: string;
  name_nld: string;
  has_logo: boolean;
  click_ref: string | null;
  terms_type: 'percentage' | 'fixed' | null;
  terms_value: number | null;
  transaction_id: number | null;
  r_ext_state: string | null;
  r_paid_at: unknown;
  claim_id: number | null;
  c_key: string | null;
  purchase_date: string | null;
  order_number: string | null;
  amount: number | null;
  currency: string | null;
  status: RewardClaim['status'] | null;
  reason: string | null;
  c_created_at: unknown;
  c_updated_at: unknown;
}

// The trip's reward: only one that came from this trip (its click reference, or an approved claim),
// never a later purchase of the same brand made another way.
const TRIP_SELECT = `SELECT s.id, s.created_at, s.brand_id, b.name, b.name_nld, b.has_logo, s.click_ref, s.terms_type, s.terms_value,
       r.id AS transaction_id, r.ext_state AS r_ext_state, r.paid_at AS r_paid_at,
       c.id AS claim_id, c.idempotency_key AS c_key, to_char(c.purchase_date, 'YYYY-MM-DD') AS purchase_date,
       c.order_number, c.amount, c.currency, c.status, c.reason, c.created_at AS c_created_at, c.updated_at AS c_updated_at
  FROM shopping_trips s
  JOIN brands b ON b.id = s.brand_id
  LEFT JOIN LATERAL (SELECT t.id, t.ext_state, t.paid_at FROM loyalty_transactions t WHERE t.trip_id = s.id ORDER BY t.id LIMIT 1) r ON true
  LEFT JOIN reward_claims c ON c.trip_id = s.id`;

function toClaim(r: TripRow): RewardClaim | null {
  if (r.claim_id === null) return null;
  return {
    id: r.claim_id,
    trip_id: r.id,
    purchase_date: r.purchase_date!,
    order_number: r.order_number!,
    amount: { amount: r.amount!, currency: r.currency ?? 'EUR' },
    status: r.status!,
    reason: r.reason,
    created_at: isoDate(r.c_created_at),
    updated_at: isoDate(r.c_updated_at),
  };
}

function toTrip(r: TripRow): ShoppingTrip {
  return {
    id: r.id,
    created_at: isoDate(r.created_at),
    corporate_partner: { id: r.brand_id, name: r.name, name_nld: r.name_nld, logo: r.has_logo ? { url: brandLogoUrl(r.brand_id) } : null },
    transaction_id: r.transaction_id,
    reward_state: r.transaction_id === null ? null : (stateOfRow({ ext_state: r.r_ext_state, paid_at: r.r_paid_at }) as RewardStateName),
    claim: toClaim(r),
    click_ref: r.click_ref,
    terms: termsOf(r.terms_type, r.terms_value),
  };
}

async function getTrip(db: Db, uid: number, id: number): Promise<TripRow | null> {
  const { rows } = await db.query<TripRow>(`${TRIP_SELECT} WHERE s.id = $1 AND s.user_id = $2`, [id, uid]);
  return rows[0] ?? null;
}

const keyConflict = () =>
  new HttpError(409, 'idempotency_conflict', 'This idempotency_key was already used for a different request.');

export const TripsQuery = z.object({ ...pagingSchema(50, 200) });

export function tripRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.post('/shopping-trips', requireUser, async (c) => {
    const uid = userId(c);
    const body = await parseBody(c, TripBody);
    const { db } = c.var;
    const brand = await db.query('SELECT 1 FROM brands WHERE id = $1', [body.corporate_partner_id]);
    if (brand.rows.length === 0) {
      throw validationError([{ property_path: 'corporate_partner_id', message: 'No such brand.', code: 'not_found' }]);
    }
    // The brand's reward terms now are what a purchase through this trip earns. A trip sent with its click
    // (made offline) takes the conversions that arrived first, under the click's lock (clickLock).
    const createdId = await db.transaction(async (tx) => {
      if (body.click_ref) await clickLock(tx, body.click_ref);
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO shopping_trips (user_id, brand_id, idempotency_key, click_ref, terms_type, terms_value)
         SELECT $1, b.id, $3, $4, b.commission_type,
                CASE WHEN b.commission_type = 'fixed' THEN round(b.affiliate_percent::numeric) ELSE round(b.affiliate_percent::numeric * 100) END
           FROM brands b WHERE b.id = $2
         ON CONFLICT DO NOTHING RETURNING id`,
        [uid, body.corporate_partner_id, body.idempotency_key, body.click_ref ?? newClickRef()],
      );
      const created = inserted.rows[0]?.id;
      if (created !== undefined && body.click_ref) await matchWaitingConversions(tx, created, body.click_ref);
      return created;
    });
    let id = createdId;
    if (id === undefined) {
      const earlier = await db.query<{ id: number; brand_id: number }>(
        'SELECT id, brand_id FROM shopping_trips WHERE user_id = $1 AND idempotency_key = $2',
        [uid, body.idempotency_key],
      );
      const row = earlier.rows[0];
      if (!row) {
        const taken = await db.query('SELECT 1 FROM shopping_trips WHERE click_ref = $1', [body.click_ref]);
        if (taken.rows.length > 0) throw new HttpError(409, 'click_ref_conflict', 'This click_ref belongs to another shopping trip.');
        throw new HttpError(409, 'conflict', 'The request collided with another change. Please try again.');
      }
      if (row.brand_id !== body.corporate_partner_id) throw keyConflict();
      id = row.id;
    }
    const trip = await getTrip(db, uid, id);
    if (!trip) throw notFound('Shopping trip');
    return c.json(toTrip(trip), createdId !== undefined ? 201 : 200);
  });

  r.get('/shopping-trips', requireUser, async (c) => {
    const uid = userId(c);
    const q = parseQuery(c, TripsQuery);
    const { rows } = await c.var.db.query<TripRow>(`${TRIP_SELECT} WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT $2 OFFSET $3`, [
      uid,
      q.limit,
      q.offset,
    ]);
    const total = (await c.var.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shopping_trips WHERE user_id = $1', [uid])).rows[0].n;
    return c.json({ results: rows.map(toTrip), metadata: { total, limit: q.limit, offset: q.offset } });
  });

  r.get('/shopping-trips/:id', requireUser, async (c) => {
    const trip = await getTrip(c.var.db, userId(c), pathId(c, 'id', 'Shopping trip'));
    if (!trip) throw notFound('Shopping trip');
    return c.json(toTrip(trip));
  });

  r.post('/shopping-trips/:id/claim', requireUser, async (c) => {
    const uid = userId(c);
    const id = pathId(c, 'id', 'Shopping trip');
    const body = await parseBody(c, ClaimBody);
    const { db } = c.var;
    const trip = await getTrip(db, uid, id);
    if (!trip) throw notFound('Shopping trip');
    const cents = Math.round(body.amount * 100);
    const same = (t: TripRow) =>
      t.purchase_date === body.purchase_date && t.order_number === body.order_number && t.amount === cents;

    // A resent claim answers what was stored.
    if (trip.c_key === body.idempotency_key) {
      if (!same(trip)) throw keyConflict();
      return c.json(toClaim(trip), 200);
    }
    const problem = purchaseDateProblem(body.purchase_date, isoDate(trip.created_at));
    if (problem) {
      const message = problem === 'before_trip' ? 'purchase_date is before the shopping trip.' : problem === 'in_future' ? 'purchase_date is in the future.' : 'purchase_date is not a date.';
      throw validationError([{ property_path: 'purchase_date', message, code: problem }]);
    }
    if (trip.claim_id !== null) throw new HttpError(409, 'claim_exists', 'A missing reward was already reported for this trip.');
    if (trip.transaction_id !== null) throw new HttpError(409, 'reward_found', 'A reward was tracked for this trip.');
    if (!claimOpen(toTrip(trip))) {
      throw new HttpError(409, 'claim_too_early', `A missing reward can be reported ${CLAIM_AFTER_DAYS} days after the trip.`);
    }
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO reward_claims (trip_id, user_id, idempotency_key, purchase_date, order_number, amount)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
      [id, uid, body.idempotency_key, body.purchase_date, body.order_number, cents],
    );
    const after = await getTrip(db, uid, id);
    if (inserted.rows.length === 0) {
      // Lost a race: to the same claim sent twice at once (a replay), or to another claim.
      if (after?.c_key === body.idempotency_key && same(after)) return c.json(toClaim(after), 200);
      const other = await db.query('SELECT 1 FROM reward_claims WHERE user_id = $1 AND idempotency_key = $2', [uid, body.idempotency_key]);
      if (other.rows.length > 0) throw keyConflict();
      throw new HttpError(409, 'claim_exists', 'A missing reward was already reported for this trip.');
    }
    return c.json(toClaim(after!), 201);
  });

  return r;
}
