/**
 * A wallet card's balance events and its 'used' mark. Events of one card are applied under its row
 * lock, one at a time in arrival order, so devices sending at once (or several server processes on
 * one PostgreSQL) end at one balance with every event kept; the client's event_id makes a resent
 * event a replay, not a second spend.
 */
import type { BalanceEvent, BalanceEventResult, Paged, WalletItem } from '../contract/types.ts';
import type { Db } from '../db/open.ts';
import { conflict, notFound, validationError } from './errors.ts';
import { isoDate, toWalletItem, type WalletRowOut } from '../present/serialize.ts';
import { WALLET_ITEM_SELECT } from './wallet.ts';
import { pagedRows } from '../db/paged.ts';

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

export async function walletItem(db: Db, uid: number, id: number): Promise<WalletItem> {
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
        throw conflict('event_conflict', 'This event_id was already used for another event on this card.');
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

/** A card's events, newest first; another user's or an unknown card is 404. */
export async function listBalanceEvents(db: Db, uid: number, id: number, limit: number, offset: number): Promise<Paged<BalanceEvent>> {
  await ownsCard(db, uid, id);
  const { rows, total } = await pagedRows<EventRow & { total: number }>(
    db,
    `SELECT ${EVENT_COLUMNS}, count(*) OVER ()::int AS total FROM wallet_balance_events WHERE wallet_item_id = $1 ORDER BY id DESC`,
    [id],
    limit,
    offset,
  );
  return { results: rows.map(toEvent), metadata: { total, limit, offset } };
}

/** Marks a card used (keeping the first time) or restores it; idempotent. */
export async function setCardUsed(db: Db, uid: number, id: number, used: boolean): Promise<WalletItem> {
  await db.query(
    used
      ? 'UPDATE wallet_items SET used_at = coalesce(used_at, now()) WHERE id = $1 AND user_id = $2'
      : 'UPDATE wallet_items SET used_at = NULL WHERE id = $1 AND user_id = $2',
    [id, uid],
  );
  return walletItem(db, uid, id);
}
