/**
 * The reward loop: a SHOP tap's click reference and the reward terms at that moment (so a later
 * change of the brand's rate does not change what the purchase earns), the brand's affiliate
 * network and the query parameter it reads the click reference from, the networks' conversions
 * (one row per order; trip_id null: unmatched, for the operator) and every delivery by event id
 * (the unique key makes a resent delivery a replay), the operators and their audit trail.
 * loyalty_transactions.trip_id is the trip a reward came from: a trip links only to its own reward.
 */
export const sql = /* sql */ `
ALTER TABLE brands ADD COLUMN network text;
ALTER TABLE brands ADD COLUMN click_ref_param text NOT NULL DEFAULT 'subid';
-- The demo brands (seed/catalogue.ts DEMO_NETWORK_BRANDS) of a database seeded before this.
UPDATE brands SET network = 'demo', click_ref_param = 'clickref', affiliate_link = '/sandbox/partner-shop/' || id || '?ref=socialpay'
 WHERE id IN (3, 4);

ALTER TABLE shopping_trips ADD COLUMN click_ref text;
ALTER TABLE shopping_trips ADD COLUMN terms_type text CHECK (terms_type IN ('percentage', 'fixed'));
-- percentage: basis points (5.5% = 550); fixed: cents
ALTER TABLE shopping_trips ADD COLUMN terms_value integer CHECK (terms_value >= 0);
CREATE UNIQUE INDEX shopping_trips_click_ref_idx ON shopping_trips (click_ref);

ALTER TABLE loyalty_transactions ADD COLUMN trip_id integer REFERENCES shopping_trips(id) ON DELETE SET NULL;
CREATE INDEX loyalty_transactions_trip_idx ON loyalty_transactions (trip_id);
-- Rewards the loop booked that still await their payout (the job's worklist).
CREATE INDEX loyalty_transactions_payout_idx ON loyalty_transactions (id) WHERE trip_id IS NOT NULL AND ext_state = 'Cleared' AND paid_at IS NULL;

-- The demo users' seeded trips each led to the reward tracked right after them: link them so.
UPDATE loyalty_transactions t SET trip_id = s.id
  FROM shopping_trips s
 WHERE s.idempotency_key LIKE 'seed-trip-%'
   AND t.id = (SELECT t2.id FROM loyalty_transactions t2
                WHERE t2.user_id = s.user_id AND t2.direction = 'in' AND t2.ext_state IS NOT NULL
                  AND t2.occurred_at >= s.created_at AND t2.brand_id = s.brand_id
                ORDER BY t2.occurred_at, t2.id LIMIT 1);

CREATE TABLE partner_conversions (
  id serial PRIMARY KEY,
  network text NOT NULL,
  order_ref text NOT NULL,
  click_ref text NOT NULL,
  trip_id integer REFERENCES shopping_trips(id) ON DELETE SET NULL,
  transaction_id integer REFERENCES loyalty_transactions(id) ON DELETE SET NULL,
  order_amount integer NOT NULL CHECK (order_amount >= 0),
  currency text NOT NULL,
  -- the furthest status the network reported: pending, approved or declined
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'declined')),
  reason text,
  occurred_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (network, order_ref)
);
CREATE INDEX partner_conversions_unmatched_idx ON partner_conversions (created_at) WHERE trip_id IS NULL;

CREATE TABLE partner_events (
  network text NOT NULL,
  event_id text NOT NULL,
  conversion_id integer REFERENCES partner_conversions(id) ON DELETE CASCADE,
  status text NOT NULL,
  -- applied, ignored (not a forward move), after_payout (a decline of a paid reward), unmatched
  outcome text NOT NULL,
  response_status integer NOT NULL,
  response jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, event_id)
);
CREATE INDEX partner_events_after_payout_idx ON partner_events (received_at) WHERE outcome = 'after_payout';

ALTER TABLE reward_claims ADD COLUMN reason text;
ALTER TABLE reward_claims ADD COLUMN transaction_id integer REFERENCES loyalty_transactions(id) ON DELETE SET NULL;

CREATE TABLE operators (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  -- sha256 of the operator's key (shown once, when the command creates it)
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE operator_actions (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators(id),
  action text NOT NULL,
  subject text NOT NULL,
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_actions_created_idx ON operator_actions (created_at DESC, id DESC);
`;
