/**
 * Wallet cards that follow reality: an expiry date, a 'used' mark, and a per-card log of balance
 * events (spends and corrections). `event_id` is the client's id of the event: the outbox may send
 * one event twice, and the unique key makes the second send a replay instead of a second spend.
 */
export const sql = /* sql */ `
ALTER TABLE wallet_items ADD COLUMN expiry_date date;
ALTER TABLE wallet_items ADD COLUMN used_at timestamptz;
ALTER TABLE wallet_items ADD COLUMN balance_updated_at timestamptz;
-- Set after ADD COLUMN so cards bought before keep no (invented) expiry; new cards get two years.
ALTER TABLE wallet_items ALTER COLUMN expiry_date SET DEFAULT (current_date + 730);

CREATE TABLE wallet_balance_events (
  id serial PRIMARY KEY,
  wallet_item_id integer NOT NULL REFERENCES wallet_items(id) ON DELETE CASCADE,
  event_id text NOT NULL,
  type text NOT NULL CHECK (type IN ('spend', 'correction')),
  -- what the client sent, in minor units: the amount spent, or the new balance
  amount integer NOT NULL CHECK (amount >= 0),
  change integer NOT NULL,
  balance integer NOT NULL CHECK (balance >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (wallet_item_id, event_id)
);
CREATE INDEX wallet_balance_events_item_idx ON wallet_balance_events (wallet_item_id, id);
`;
