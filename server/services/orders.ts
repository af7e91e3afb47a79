/** Settling a gift-card order (the payment provider's answer): used by the sandbox provider's pages. */
import { randomInt } from 'node:crypto';
import type { Db } from '../db/open.ts';
import { sha256 } from '../auth/tokens.ts';
import type { Lang } from '../http/lang.ts';
import { giftCardRewardPoints } from '../contract/gift-card-reward.ts';

function digits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(randomInt(10));
  return s;
}

/** Pay or cancel an order found by its sandbox token; pay also creates the wallet card. One transaction. */
export async function settleOrder(db: Db, token: string, action: 'pay' | 'cancel'): Promise<{ id: number; status: string; lang: Lang } | null> {
  return db.transaction(async (tx) => {
    // The account first, then the order: account deletion locks them in that order too (the user row,
    // then its orders by cascade), so the two cannot deadlock.
    const owner = await tx.query<{ user_id: number }>('SELECT user_id FROM orders WHERE token_hash = $1', [sha256(token)]);
    if (!owner.rows[0]) return null;
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE', [owner.rows[0].user_id]);
    const { rows } = await tx.query<{ id: number; user_id: number; brand_id: number; amount: number; currency: string; status: string; lang: Lang }>(
      'SELECT id, user_id, brand_id, amount, currency, status, lang FROM orders WHERE token_hash = $1 FOR UPDATE',
      [sha256(token)],
    );
    const order = rows[0];
    if (!order) return null;
    if (order.status !== 'pending') return { id: order.id, status: order.status, lang: order.lang };
    if (action === 'cancel') {
      await tx.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [order.id]);
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
    await tx.query(`UPDATE orders SET status = 'paid', wallet_item_id = $2 WHERE id = $1`, [order.id, card.rows[0].id]);
    // The gift-card reward: pending until the return period has passed.
    const brand = await tx.query<{ name: string; giftcard_percent: number; giftcard_type: string }>(
      'SELECT name, giftcard_percent, giftcard_type FROM brands WHERE id = $1',
      [order.brand_id],
    );
    const b = brand.rows[0];
    const points = giftCardRewardPoints(b.giftcard_type, b.giftcard_percent, order.amount);
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
    return { id: order.id, status: 'paid', lang: order.lang };
  });
}
