/**
 * Shopping trips (every SHOP tap), missing-reward claims on them, and the dates of each reward's
 * path (tracked → pending → confirmed → paid, or canceled with a reason). `idempotency_key` is the
 * client's id of a trip or claim: the outbox may send one twice, and the unique key makes the second
 * send a replay. `brand_id` on transactions lets a trip find the reward it led to.
 */
export const sql = /* sql */ `
ALTER TABLE loyalty_transactions ADD COLUMN brand_id integer REFERENCES brands(id) ON DELETE SET NULL;
ALTER TABLE loyalty_transactions ADD COLUMN pending_at timestamptz;
ALTER TABLE loyalty_transactions ADD COLUMN confirmed_at timestamptz;
ALTER TABLE loyalty_transactions ADD COLUMN paid_at timestamptz;
ALTER TABLE loyalty_transactions ADD COLUMN canceled_at timestamptz;
ALTER TABLE loyalty_transactions ADD COLUMN cancel_reason text;
CREATE INDEX loyalty_transactions_brand_idx ON loyalty_transactions (user_id, brand_id, occurred_at);

CREATE TABLE shopping_trips (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  brand_id integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX shopping_trips_user_idx ON shopping_trips (user_id, created_at DESC, id DESC);

CREATE TABLE reward_claims (
  id serial PRIMARY KEY,
  trip_id integer NOT NULL UNIQUE REFERENCES shopping_trips(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  purchase_date date NOT NULL,
  order_number text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL DEFAULT 'EUR',
  status text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'reviewing', 'approved', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
`;
