/**
 * Notifications: each user's switches (all off until the user turns them on), time zone and
 * language for pushes; one Web Push subscription per signed-in device (its refresh-token family);
 * the events themselves (the in-app inbox, and the push queue: `push_after` is when the sending job
 * may take a row next, so a claim, a backoff and a quiet-hours hold are all one column). The unique
 * key per user and event makes every event (an expiry reminder per card and threshold) happen once.
 * push_deliveries: the subscriptions a notification reached, so a retry never sends twice.
 */
export const sql = /* sql */ `
CREATE TABLE notification_settings (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  expiry boolean NOT NULL DEFAULT false,
  reward boolean NOT NULL DEFAULT false,
  claim boolean NOT NULL DEFAULT false,
  invite boolean NOT NULL DEFAULT false,
  time_zone text NOT NULL DEFAULT 'Europe/Amsterdam',
  lang text NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'nl')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE push_subscriptions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  family_id text NOT NULL UNIQUE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('expiry', 'reward', 'claim', 'invite')),
  -- what the event is about, once per user: expiry:<card>:<7|1>, reward:<transaction>:<state>, claim:<id>, invite:<user>
  event_key text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  push_state text NOT NULL DEFAULT 'pending' CHECK (push_state IN ('pending', 'sent', 'skipped', 'failed')),
  push_attempts integer NOT NULL DEFAULT 0,
  push_after timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, event_key)
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_push_due_idx ON notifications (push_after, id) WHERE push_state = 'pending';

-- The hourly expiry check reads only cards in use with a date near.
CREATE INDEX wallet_items_expiry_idx ON wallet_items (expiry_date) WHERE used_at IS NULL;

CREATE TABLE push_deliveries (
  notification_id integer NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  subscription_id integer NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notification_id, subscription_id)
);
`;
