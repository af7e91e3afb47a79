/** Initial schema. Money in integer minor units, points as integers (1 point = 1 euro cent). */
export const sql = /* sql */ `
CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE countries (
  id integer PRIMARY KEY,
  name text NOT NULL,
  alpha2 text NOT NULL,
  alpha3 text NOT NULL UNIQUE,
  currency text NOT NULL,
  numeric text NOT NULL
);

CREATE TABLE interests (
  id integer PRIMARY KEY,
  name text NOT NULL,
  name_nld text NOT NULL
);

CREATE TABLE categories (
  id integer PRIMARY KEY,
  name text NOT NULL,
  name_nld text NOT NULL,
  sort_order integer
);

CREATE TABLE brands (
  id integer PRIMARY KEY,
  name text NOT NULL,
  name_nld text NOT NULL,
  -- lower-cased, accents stripped (computed in JS at insert time): search without unaccent
  search_key text NOT NULL,
  description text NOT NULL,
  description_nld text NOT NULL,
  has_photo boolean NOT NULL DEFAULT true,
  has_logo boolean NOT NULL DEFAULT true,
  hide_background_image boolean NOT NULL DEFAULT false,
  hide_logo boolean NOT NULL DEFAULT false,
  hide_name boolean NOT NULL DEFAULT false,
  site text NOT NULL,
  affiliate_percent double precision NOT NULL,
  commission_type text NOT NULL CHECK (commission_type IN ('percentage', 'fixed')),
  commission_currency text NOT NULL,
  affiliate_link text,
  giftcard_percent double precision NOT NULL,
  giftcard_type text NOT NULL CHECK (giftcard_type IN ('percentage', 'fixed')),
  is_primary boolean NOT NULL DEFAULT false,
  category_id integer REFERENCES categories(id),
  country_alpha3 text NOT NULL,
  country_name text NOT NULL,
  rating text CHECK (rating IN ('GREEN', 'AMBER', 'GREY')),
  proof_points jsonb
);
CREATE INDEX brands_name_idx ON brands (name, id);
CREATE INDEX brands_category_idx ON brands (category_id, name, id);
CREATE INDEX brands_lower_name_idx ON brands (lower(name));
CREATE INDEX brands_primary_idx ON brands (is_primary) WHERE is_primary;

CREATE TABLE brand_secondary_categories (
  brand_id integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  PRIMARY KEY (brand_id, category_id)
);
CREATE INDEX brand_secondary_categories_cat_idx ON brand_secondary_categories (category_id, brand_id);

CREATE TABLE project_types (
  id integer PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE project_categories (
  id integer PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE projects (
  id integer PRIMARY KEY,
  name text NOT NULL,
  search_key text NOT NULL,
  description text NOT NULL,
  unit_description text,
  social boolean NOT NULL DEFAULT false,
  has_image boolean NOT NULL DEFAULT true,
  type_id integer REFERENCES project_types(id),
  category_id integer REFERENCES project_categories(id),
  unit text NOT NULL,
  unit_points integer NOT NULL CHECK (unit_points > 0),
  unit_amount double precision NOT NULL,
  accumulation_units_plural text NOT NULL,
  loyalty_eligible boolean NOT NULL DEFAULT true
);

CREATE TABLE files (
  id serial PRIMARY KEY,
  user_id integer,
  access_key text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  country_id integer REFERENCES countries(id),
  currency text NOT NULL DEFAULT 'EUR',
  profile_photo_id integer REFERENCES files(id) ON DELETE SET NULL,
  edit_version integer NOT NULL DEFAULT 1,
  referrer_code text,
  ambassador_code text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE files ADD CONSTRAINT files_user_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX files_user_idx ON files (user_id);

CREATE TABLE user_interests (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  interest_id integer NOT NULL REFERENCES interests(id),
  PRIMARY KEY (user_id, interest_id)
);

-- OAuth tokens: only sha256 hashes are stored.
CREATE TABLE access_tokens (
  token_hash text PRIMARY KEY,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  family_id text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX access_tokens_family_idx ON access_tokens (family_id);
CREATE INDEX access_tokens_expiry_idx ON access_tokens (expires_at);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  family_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

CREATE TABLE sign_in_throttle (
  email_key text PRIMARY KEY,
  failures integer NOT NULL,
  window_start timestamptz NOT NULL
);

CREATE TABLE favorites (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  brand_id integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, brand_id)
);

CREATE TABLE user_targets (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  project_id integer NOT NULL REFERENCES projects(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, project_id)
);

-- Points accounts: one per user, one per project, plus system accounts (rewards pool, pension fund).
CREATE TABLE loyalty_accounts (
  id serial PRIMARY KEY,
  user_id integer UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  project_id integer UNIQUE REFERENCES projects(id),
  system_key text UNIQUE
);

CREATE TABLE transaction_types (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE
);

-- user_id: the user whose history this row belongs to (every user-scoped read filters on it).
-- direction 'in': points to the user (user on debit_account); 'out': from the user (credit_account).
CREATE TABLE loyalty_transactions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type_id integer NOT NULL REFERENCES transaction_types(id),
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  debit_account_id integer NOT NULL REFERENCES loyalty_accounts(id) ON DELETE CASCADE,
  credit_account_id integer NOT NULL REFERENCES loyalty_accounts(id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount >= 0),
  units double precision,
  project_id integer REFERENCES projects(id),
  occurred_at timestamptz NOT NULL DEFAULT now(),
  ext_amount integer,
  ext_currency text,
  ext_state text,
  ext_partner_name text
);
CREATE INDEX loyalty_transactions_user_idx ON loyalty_transactions (user_id, occurred_at DESC, id DESC);
CREATE INDEX loyalty_transactions_project_idx ON loyalty_transactions (user_id, project_id);

CREATE TABLE wallet_items (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  brand_id integer NOT NULL REFERENCES brands(id),
  amount integer NOT NULL,
  currency text NOT NULL,
  digital_card_link text,
  card_number text NOT NULL,
  pin text NOT NULL,
  barcode_value text NOT NULL,
  barcode_format text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_items_user_idx ON wallet_items (user_id);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  brand_id integer NOT NULL REFERENCES brands(id),
  amount integer NOT NULL,
  currency text NOT NULL,
  -- capability token of the sandbox payment page (random, stored hashed)
  token_hash text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'cancelled')),
  wallet_item_id integer REFERENCES wallet_items(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user_idx ON orders (user_id);

CREATE TABLE fondo_journeys (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);

CREATE TABLE screen_visits (
  id serial PRIMARY KEY,
  screen text NOT NULL,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  visited_at timestamptz NOT NULL DEFAULT now()
);
`;
