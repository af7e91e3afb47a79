/**
 * Receipts for gift-card orders: the reward booked when the order was paid and when it was settled
 * (paid or cancelled), so a receipt states what the purchase earned even after the brand's rate
 * changes. Orders paid before this keep the reward their brand's current rate gives (the same rule
 * the payment used); their settle time is unknown.
 */
export const sql = /* sql */ `
ALTER TABLE orders ADD COLUMN reward_points integer;
ALTER TABLE orders ADD COLUMN settled_at timestamptz;
UPDATE orders o
   SET reward_points = CASE WHEN b.giftcard_type = 'fixed' THEN round(b.giftcard_percent::numeric)
                            ELSE round((o.amount * b.giftcard_percent / 100)::numeric) END
  FROM brands b
 WHERE b.id = o.brand_id AND o.status = 'paid';
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC, id DESC);
CREATE INDEX orders_wallet_item_idx ON orders (wallet_item_id);
`;
