/** The user's wallet: their gift cards, the primary brand's first, then newest first. */
import type { Db } from '../db/open.ts';
import { toWalletItem, type WalletRowOut } from '../present/serialize.ts';

/** The columns toWalletItem reads, from wallet_items w joined with brands b. */
export const WALLET_ITEM_SELECT = `SELECT w.id, w.amount, w.currency, w.digital_card_link, w.brand_id, b.is_primary, b.has_logo,
            b.name AS brand_name, w.card_number, w.pin, w.barcode_value, w.barcode_format, w.created_at,
            to_char(w.expiry_date, 'YYYY-MM-DD') AS expiry_date, w.used_at, w.balance_updated_at,
            (SELECT o.id FROM orders o WHERE o.wallet_item_id = w.id ORDER BY o.id LIMIT 1) AS order_id
       FROM wallet_items w JOIN brands b ON b.id = w.brand_id`;

export async function listWallet(db: Db, uid: number) {
  const { rows } = await db.query<WalletRowOut>(
    `${WALLET_ITEM_SELECT}
      WHERE w.user_id = $1
      ORDER BY b.is_primary DESC, w.created_at DESC, w.id DESC`,
    [uid],
  );
  return rows.map(toWalletItem);
}
