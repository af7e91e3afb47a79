/**
 * Additions to the wallet: balance events (a spend, a corrected balance) with a per-card history, and
 * the 'used' mark. Events of one card are applied under its row lock, one at a time in arrival order,
 * so devices sending at once (or several server processes on one PostgreSQL) end at one balance with
 * every event kept; the client's event_id makes a resent event a replay, not a second spend.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { BalanceEvent, BalanceEventResult, WalletItem } from '../contract/types.ts';
import type { Db } from '../db/open.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpError, notFound, validationError } from '../http/errors.ts';
import { pagingSchema, parseBody, parseQuery, pathId } from '../http/validate.ts';
import { requireUser, userId } from '../auth/middleware.ts';
import { isoDate, toWalletItem, type WalletRowOut } from './serialize.ts';
import { WALLET_ITEM_SELECT } from './wallet.ts';

/** The highest balance a correction may set, in euros (a card of the shop is at most €500). */
export const MAX_BALANCE_EUROS = 100_000;

const eventId = z
  .string({ error: (i) => (i.input === undefined ? 'event_id is required.' : 'event_id must be a string.') })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'event_id is 8 to 64 letters, digits, _ or -.' });

const euros = (field: string) =>
  z
    .number({ error: (i) => (i.input === undefined ? `${field} is required.` : `${field} must be a number.`) })
    .max(MAX_BALANCE_EUROS, { message: `${field} must be ${MAX_BALANCE_EUROS} at most.` })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
      message: `${field} has at most two decimals.`,
      params: { code: 'too_many_decimals' },
    });

const TypeOnly = z.object({
  type: z.enum(['spend', 'correction'], { error: "type must be 'spend' or 'correction'." }),
});
const SpendBody = z.object({ event_id: eventId, type: z.literal('spend'), amount: euros('amount').positive({ message: 'amount must be greater than 0.' }) });
const CorrectionBody = z.object({ event_id: eventId, type: z.literal('correction'), balance: euros('balance').min(0, { message: 'balance must be 0 or more.' }) });

interface EventRow {
  id: number;
  event_id: string;
  type: 'spend' | 'correction';
  amount: number;
  change: number;
  balance: number;
  created_at: unknown;
}

const EVENT_COLUMNS = 'id, event_id, type, amount, change, balance, created_at';

function toEvent(r: EventRow): BalanceEvent {
  return { id: r.id, event_id: r.event_id, type: r.type, change: r.change, balance: r.balance, created_at: isoDate(r.created_at) };
}

async function walletItem(db: Db, uid: number, id: number): Promise<WalletItem> {
  const { rows } = await db.query<WalletRowOut>(`${WALLET_ITEM_SELECT} WHERE w.id = $1 AND w.user_id = $2`, [id, uid]);
  if (!rows[0]) throw notFound('Wallet item');
  return toWalletItem(rows[0]);
}

async function ownsCard(db: Db, uid: number, id: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM wallet_items WHERE id = $1 AND user_id = $2', [id, uid]);
  if (rows.length === 0) throw notFound('Wallet item');
}

/** Applies one event to a card in one transaction; a known event_id answers the stored event. */
export async function recordBalanceEvent(
  db: Db,
  uid: number,
  id: number,
  input: { eventId: string; type: 'spend' | 'correction'; cents: number },
): Promise<{ created: boolean; result: BalanceEventResult }> {
  return db.transaction(async (tx) => {
    const card = (await tx.query<{ amount: number }>('SELECT amount FROM wallet_items WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, uid])).rows[0];
    if (!card) throw notFound('Wallet item');
    const prior = (
      await tx.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM wallet_balance_events WHERE wallet_item_id = $1 AND event_id = $2`, [id, input.eventId])
    ).rows[0];
    if (prior) {
      if (prior.type !== input.type || prior.amount !== input.cents) {
        throw new HttpError(409, 'event_conflict', 'This event_id was already used for another event on this card.');
      }
      return { created: false, result: { event: toEvent(prior), wallet_item: await walletItem(tx, uid, id) } };
    }
    if (input.type === 'spend' && input.cents > card.amount) {
      throw validationError([
        { property_path: 'amount', code: 'exceeds_balance', message: `amount is more than the balance (${(card.amount / 100).toFixed(2)}).` },
      ]);
    }
    const balance = input.type === 'spend' ? card.amount - input.cents : input.cents;
    const { rows } = await tx.query<EventRow>(
      `INSERT INTO wallet_balance_events (wallet_item_id, event_id, type, amount, change, balance)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${EVENT_COLUMNS}`,
      [id, input.eventId, input.type, input.cents, balance - card.amount, balance],
    );
    // A card spent down to nothing leaves the list of cards in use by itself.
    await tx.query(
      `UPDATE wallet_items SET amount = $2, balance_updated_at = now(),
              used_at = CASE WHEN $2 = 0 THEN coalesce(used_at, now()) ELSE used_at END
        WHERE id = $1`,
      [id, balance],
    );
    return { created: true, result: { event: toEvent(rows[0]), wallet_item: await walletItem(tx, uid, id) } };
  });
}

export function walletBalanceRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.post('/wallet/:id/balance-events', requireUser, async (c) => {
    const uid = userId(c);
    const id = pathId(c, 'id', 'Wallet item');
    const { type } = await parseBody(c, TypeOnly);
    const body = type === 'spend' ? await parseBody(c, SpendBody) : await parseBody(c, CorrectionBody);
    const euroValue = body.type === 'spend' ? body.amount : body.balance;
    const { created, result } = await recordBalanceEvent(c.var.db, uid, id, {
      eventId: body.event_id,
      type: body.type,
      cents: Math.round(euroValue * 100),
    });
    return c.json(result, created ? 201 : 200);
  });

  const HistoryQuery = z.object({ ...pagingSchema(50, 200) });
  r.get('/wallet/:id/balance-events', requireUser, async (c) => {
    const uid = userId(c);
    const id = pathId(c, 'id', 'Wallet item');
    const q = parseQuery(c, HistoryQuery);
    const { db } = c.var;
    await ownsCard(db, uid, id);
    const { rows } = await db.query<EventRow & { total: number }>(
      `SELECT ${EVENT_COLUMNS}, count(*) OVER ()::int AS total FROM wallet_balance_events
        WHERE wallet_item_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [id, q.limit, q.offset],
    );
    let total = rows[0]?.total;
    if (total === undefined) total = Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM wallet_balance_events WHERE wallet_item_id = $1', [id])).rows[0].n);
    return c.json({ results: rows.map(toEvent), metadata: { total, limit: q.limit, offset: q.offset } });
  });

  // The 'used' mark: idempotent like a favorite (POST sets it, DELETE restores the card).
  r.post('/wallet/:id/used', requireUser, async (c) => {
    const uid = userId(c);
    const id = pathId(c, 'id', 'Wallet item');
    await c.var.db.query('UPDATE wallet_items SET used_at = coalesce(used_at, now()) WHERE id = $1 AND user_id = $2', [id, uid]);
    return c.json(await walletItem(c.var.db, uid, id));
  });
  r.delete('/wallet/:id/used', requireUser, async (c) => {
    const uid = userId(c);
    const id = pathId(c, 'id', 'Wallet item');
    await c.var.db.query('UPDATE wallet_items SET used_at = NULL WHERE id = $1 AND user_id = $2', [id, uid]);
    return c.json(await walletItem(c.var.db, uid, id));
  });

  return r;
}
