/**
 * Gift-card orders: settling one (the payment provider's answer, or the user cancelling in the app),
 * resuming a payment, expiring unpaid ones, and the user's purchases with their receipts.
 */
import { randomInt } from 'node:crypto';
import type { Order, Paged } from '../contract/types.ts';
import type { Db } from '../db/open.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import { conflict, notFound } from './errors.ts';
import type { Lang } from '../text.ts';
import { giftCardRewardPoints } from '../contract/gift-card-reward.ts';
import { brandLogoUrl, isoDate } from '../present/serialize.ts';
import { countGiftCards, countPayment } from '../metrics.ts';

function digits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(randomInt(10));
  return s;
}

/** How an order is found: by its sandbox token (the provider's page) or by id for its owner (the app). */
type OrderKey = { token: string } | { id: number; userId: number };

interface LockedOrder {
  id: number;
  user_id: number;
  brand_id: number;
  amount: number;
  currency: string;
  status: 'pending' | 'paid' | 'cancelled';
  lang: Lang;
}

const where = (key: OrderKey): [string, unknown[]] =>
  'token' in key ? ['token_hash = $1', [sha256(key.token)]] : ['id = $1 AND user_id = $2', [key.id, key.userId]];

/** Pay or cancel a pending order; pay also creates the wallet card and books the reward. One transaction. */
async function settle(db: Db, key: OrderKey, action: 'pay' | 'cancel'): Promise<{ id: number; status: string; lang: Lang } | null> {
  const [cond, params] = where(key);
  let issued = false;
  const out = await db.transaction(async (tx) => {
    // The account first, then the order: account deletion locks them in that order too (the user row,
    // then its orders by cascade), so the two cannot deadlock.
    const owner = await tx.query<{ user_id: number }>(`SELECT user_id FROM orders WHERE ${cond}`, params);
    if (!owner.rows[0]) return null;
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE', [owner.rows[0].user_id]);
    const { rows } = await tx.query<LockedOrder>(
      `SELECT id, user_id, brand_id, amount, currency, status, lang FROM orders WHERE ${cond} FOR UPDATE`,
      params,
    );
    const order = rows[0];
    if (!order) return null;
    if (order.status !== 'pending') return { id: order.id, status: order.status, lang: order.lang };
    if (action === 'cancel') {
      await tx.query(`UPDATE orders SET status = 'cancelled', settled_at = now() WHERE id = $1`, [order.id]);
      return { id: order.id, status: 'cancelled', lang: order.lang };
    }
    const number = '6036' + digits(12);
    const card = await tx.query<{ id: number }>(
      `INSERT INTO wallet_items (user_id, brand_id, amount, currency, digital_card_link, card_number, pin, barcode_value, barcode_format)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'CODE128') RETURNING id`,
      [
        order.user_id,
        order.brand_id,
        order.amount,
        order.currency,
        `https://cards.example/redeem/${number}`,
        number.replace(/(\d{4})(?=\d)/g, '$1 '),
        digits(4),
        number,
      ],
    );
    // The gift-card reward: pending until the return period has passed. Kept on the order for its receipt.
    const brand = await tx.query<{ name: string; giftcard_percent: number; giftcard_type: string }>(
      'SELECT name, giftcard_percent, giftcard_type FROM brands WHERE id = $1',
      [order.brand_id],
    );
    const b = brand.rows[0];
    const points = giftCardRewardPoints(b.giftcard_type, b.giftcard_percent, order.amount);
    await tx.query(`UPDATE orders SET status = 'paid', wallet_item_id = $2, reward_points = $3, settled_at = now() WHERE id = $1`, [
      order.id,
      card.rows[0].id,
      points,
    ]);
    if (points > 0) {
      await tx.query(
        `INSERT INTO loyalty_transactions (user_id, type_id, direction, debit_account_id, credit_account_id, amount,
                                           ext_amount, ext_currency, ext_state, ext_partner_name)
         SELECT $1, (SELECT id FROM transaction_types WHERE name = 'purchase'), 'in',
                (SELECT id FROM loyalty_accounts WHERE user_id = $1), (SELECT id FROM loyalty_accounts WHERE system_key = 'rewards'),
                $2, $3, $4, 'Pending', $5`,
        [order.user_id, points, order.amount, order.currency, b.name],
      );
    }
    issued = true;
    return { id: order.id, status: 'paid' as const, lang: order.lang };
  });
  // Counted once committed: a retried or rolled-back settle issues nothing.
  if (issued) {
    countPayment();
    countGiftCards();
  }
  return out;
}

/** The sandbox provider's Pay or Cancel, by the token in its page's address. */
export function settleOrder(db: Db, token: string, action: 'pay' | 'cancel') {
  return settle(db, { token }, action);
}

interface OrderRow {
  id: number;
  status: Order['status'];
  amount: number;
  currency: string;
  reward_points: number | null;
  wallet_item_id: number | null;
  expired: boolean;
  created_at: unknown;
  settled_at: unknown;
  brand_id: number;
  brand_name: string;
  brand_name_nld: string;
  has_logo: boolean;
}

const ORDER_SELECT = `SELECT o.id, o.status, o.amount, o.currency, o.reward_points, o.wallet_item_id, o.expired, o.created_at, o.settled_at,
            o.brand_id, b.name AS brand_name, b.name_nld AS brand_name_nld, b.has_logo
       FROM orders o JOIN brands b ON b.id = o.brand_id`;

function toOrder(r: OrderRow): Order {
  return {
    id: r.id,
    status: r.status,
    amount: r.amount,
    currency: r.currency,
    corporate_partner: { id: r.brand_id, name: r.brand_name, name_nld: r.brand_name_nld, logo: r.has_logo ? { url: brandLogoUrl(r.brand_id) } : null },
    reward_points: r.status === 'paid' ? r.reward_points : null,
    wallet_item_id: r.wallet_item_id,
    expired: r.expired,
    created_at: isoDate(r.created_at),
    settled_at: r.settled_at == null ? null : isoDate(r.settled_at),
  };
}

/** The user's orders, newest first. */
export async function listOrders(db: Db, uid: number, limit: number, offset: number): Promise<Paged<Order>> {
  const [rows, count] = await Promise.all([
    db.query<OrderRow>(`${ORDER_SELECT} WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`, [uid, limit, offset]),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [uid]),
  ]);
  return { results: rows.rows.map(toOrder), metadata: { total: count.rows[0].n, limit, offset } };
}

/** One of the user's orders; another user's is not found. */
export async function getOrder(db: Db, uid: number, id: number): Promise<Order> {
  const { rows } = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1 AND o.user_id = $2`, [id, uid]);
  if (!rows[0]) throw notFound('Order');
  return toOrder(rows[0]);
}

const orderPaid = () => conflict('order_paid', 'The order is already paid.');
const orderCancelled = () => conflict('order_cancelled', 'The payment was canceled.');
const orderExpired = () => conflict('order_expired', 'The order was not paid in time and has been canceled.');

/** Cancels a pending order; cancelling a cancelled one again answers it unchanged (a resent request). */
export async function cancelOrder(db: Db, uid: number, id: number): Promise<Order> {
  const result = await settle(db, { id, userId: uid }, 'cancel');
  if (!result) throw notFound('Order');
  if (result.status === 'paid') throw orderPaid();
  return getOrder(db, uid, id);
}

/**
 * Cancels, as expired, every pending order whose latest payment link is older than ttlSeconds; returns
 * how many. One statement, so however many processes run it at once each order expires once: rows a
 * payment holds locked are skipped (the next run sees them paid, or still pending), and a row paid
 * meanwhile no longer matches 'pending'. Running it again changes nothing.
 */
export async function expireUnpaidOrders(db: Db, ttlSeconds: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH due AS (
       SELECT id FROM orders
        WHERE status = 'pending' AND payment_started_at < now() - make_interval(secs => $1::int)
        FOR UPDATE SKIP LOCKED
     ), expired AS (
       UPDATE orders o SET status = 'cancelled', expired = true, settled_at = now()
         FROM due WHERE o.id = due.id AND o.status = 'pending'
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM expired`,
    [ttlSeconds],
  );
  return rows[0].n;
}

/**
 * A new payment link for a pending order, in the language the user resumes in. Only the token's hash
 * is stored, so the old link cannot be shown again: it is replaced and stops working.
 */
export async function resumeOrder(db: Db, uid: number, id: number, lang: Lang): Promise<{ token: string }> {
  const token = randomToken(24);
  const { rows } = await db.query(
    `UPDATE orders SET token_hash = $3, lang = $4, payment_started_at = now()
      WHERE id = $1 AND user_id = $2 AND status = 'pending' RETURNING id`,
    [id, uid, sha256(token), lang],
  );
  if (rows[0]) return { token };
  const found = await db.query<{ status: string; expired: boolean }>('SELECT status, expired FROM orders WHERE id = $1 AND user_id = $2', [id, uid]);
  const status = found.rows[0]?.status;
  if (status === 'paid') throw orderPaid();
  if (status === 'cancelled') throw found.rows[0].expired ? orderExpired() : orderCancelled();
  throw notFound('Order');
}
