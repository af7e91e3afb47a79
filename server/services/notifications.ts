/**
 * Notifications: the events (recorded in the transaction of the change they tell about, once per
 * user and event key), the user's switches, time zone and language, this device's push
 * subscription, and the inbox. Sending them is the push job's (services/push-sender.ts).
 */
import type { Db } from '../db/open.ts';
import type { InboxPage, NotificationSettings, PushSubscriptionBody } from '../contract/types.ts';
import type { Lang } from '../text.ts';
import { isoDate } from '../present/serialize.ts';
import { conflict, notFound } from './errors.ts';
import { notificationText, type NotificationData } from './notification-copy.ts';
import { MAX_PUSH_DEVICES } from './push-sender.ts';

/** Records an event for the user's inbox and push queue; a second one with the same key is no event. */
export async function recordNotification(db: Db, userId: number, eventKey: string, data: NotificationData): Promise<void> {
  await db.query(
    `INSERT INTO notifications (user_id, kind, event_key, data) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, event_key) DO NOTHING`,
    [userId, data.kind, eventKey, JSON.stringify(data)],
  );
}

/** A reward reached Confirmed, Paid or Canceled: its owner is told (transaction row → user, brand, points). */
export async function recordRewardState(db: Db, transactionId: number, state: 'confirmed' | 'paid' | 'canceled'): Promise<void> {
  const t = (
    await db.query<{ user_id: number; amount: number; brand: string | null; brand_nl: string | null; cancel_reason: string | null }>(
      `SELECT t.user_id, t.amount, coalesce(b.name, t.ext_partner_name) AS brand, coalesce(b.name_nld, t.ext_partner_name) AS brand_nl, t.cancel_reason
         FROM loyalty_transactions t LEFT JOIN brands b ON b.id = t.brand_id WHERE t.id = $1`,
      [transactionId],
    )
  ).rows[0];
  if (!t) return;
  await recordNotification(db, t.user_id, `reward:${transactionId}:${state}`, {
    kind: 'reward',
    transaction_id: transactionId,
    state,
    brand: t.brand ?? 'SocialPay',
    brand_nl: t.brand_nl ?? 'SocialPay',
    points: t.amount,
    reason: state === 'canceled' ? t.cancel_reason : null,
  });
}

/** A missing-reward claim was approved or rejected. */
export async function recordClaimAnswer(db: Db, claimId: number): Promise<void> {
  const c = (
    await db.query<{ user_id: number; trip_id: number; status: string; reason: string | null; brand: string; brand_nl: string }>(
      `SELECT c.user_id, c.trip_id, c.status, c.reason, b.name AS brand, b.name_nld AS brand_nl FROM reward_claims c JOIN shopping_trips s ON s.id = c.trip_id JOIN brands b ON b.id = s.brand_id WHERE c.id = $1`,
      [claimId],
    )
  ).rows[0];
  if (!c || (c.status !== 'approved' && c.status !== 'rejected')) return;
  await recordNotification(db, c.user_id, `claim:${claimId}`, {
    kind: 'claim',
    claim_id: claimId,
    trip_id: c.trip_id,
    status: c.status,
    brand: c.brand,
    brand_nl: c.brand_nl,
    reason: c.reason,
  });
}

/** Someone signed up with the invite code `code`: its owner is told (nothing about who). */
export async function recordInviteSignUp(db: Db, code: string, newUserId: number): Promise<void> {
  const owner = (await db.query<{ id: number }>('SELECT id FROM users WHERE ambassador_code = $1 AND id <> $2', [code, newUserId])).rows[0];
  if (owner) await recordNotification(db, owner.id, `invite:${newUserId}`, { kind: 'invite' });
}

/**
 * Expiry reminders for `today` (a date, YYYY-MM-DD): a card with 2–7 days left gets the 7-day one,
 * 0–1 days the 1-day one, unless it is marked used or has nothing left. One plain statement keyed by
 * card and threshold, so any number of runs and processes make each reminder once. Returns how many are new.
 */
export async function recordExpiryReminders(db: Db, today: string): Promise<number> {
  const { rows } = await db.query(
    `INSERT INTO notifications (user_id, kind, event_key, data)
     SELECT w.user_id, 'expiry', 'expiry:' || w.id || ':' || th.days,
            json_build_object('kind', 'expiry', 'card_id', w.id, 'brand', b.name, 'brand_nl', b.name_nld, 'expiry_date', to_char(w.expiry_date, 'YYYY-MM-DD'),
                              'days', w.expiry_date - $1::date)
       FROM wallet_items w JOIN brands b ON b.id = w.brand_id
       JOIN (VALUES (7, 2, 7), (1, 0, 1)) AS th (days, lo, hi) ON w.expiry_date - $1::date BETWEEN th.lo AND th.hi
      WHERE w.used_at IS NULL AND w.amount > 0
     ON CONFLICT (user_id, event_key) DO NOTHING
     RETURNING id`,
    [today],
  );
  return rows.length;
}

// ---------- settings ----------

interface SettingsRow {
  expiry: boolean;
  reward: boolean;
  claim: boolean;
  invite: boolean;
  time_zone: string;
  lang: Lang;
}

const DEFAULTS: SettingsRow = { expiry: false, reward: false, claim: false, invite: false, time_zone: 'Europe/Amsterdam', lang: 'en' };

export async function getNotificationSettings(db: Db, userId: number, family: string | null | undefined): Promise<NotificationSettings> {
  const row = (await db.query<SettingsRow>('SELECT expiry, reward, claim, invite, time_zone, lang FROM notification_settings WHERE user_id = $1', [userId])).rows[0];
  const sub = family ? (await db.query('SELECT 1 FROM push_subscriptions WHERE family_id = $1 AND user_id = $2', [family, userId])).rows.length > 0 : false;
  return { ...(row ?? DEFAULTS), subscribed: sub };
}

export async function setNotificationSettings(
  db: Db,
  userId: number,
  family: string | null | undefined,
  change: Partial<SettingsRow>,
): Promise<NotificationSettings> {
  const v = { ...DEFAULTS, ...change };
  // Only the fields given change: an insert takes the defaults for the rest.
  await db.query(
    `INSERT INTO notification_settings (user_id, expiry, reward, claim, invite, time_zone, lang) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id) DO UPDATE SET
       expiry = CASE WHEN $8::boolean THEN EXCLUDED.expiry ELSE notification_settings.expiry END,
       reward = CASE WHEN $9::boolean THEN EXCLUDED.reward ELSE notification_settings.reward END,
       claim = CASE WHEN $10::boolean THEN EXCLUDED.claim ELSE notification_settings.claim END,
       invite = CASE WHEN $11::boolean THEN EXCLUDED.invite ELSE notification_settings.invite END,
       time_zone = CASE WHEN $12::boolean THEN EXCLUDED.time_zone ELSE notification_settings.time_zone END,
       lang = CASE WHEN $13::boolean THEN EXCLUDED.lang ELSE notification_settings.lang END,
       updated_at = now()`,
    [
      userId, v.expiry, v.reward, v.claim, v.invite, v.time_zone, v.lang,
      change.expiry !== undefined, change.reward !== undefined, change.claim !== undefined, change.invite !== undefined,
      change.time_zone !== undefined, change.lang !== undefined,
    ],
  );
  return getNotificationSettings(db, userId, family);
}

// ---------- this device's subscription ----------

export async function saveSubscription(db: Db, userId: number, family: string | null | undefined, sub: PushSubscriptionBody): Promise<void> {
  if (!family) throw conflict('no_device', 'This sign-in has no device to subscribe.');
  await db.transaction(async (tx) => {
    // Requests writing one endpoint go one at a time: ON CONFLICT guards only family_id, and two
    // inserts of one endpoint at once (a double tap, two tabs) would break its unique key (a 500).
    await tx.query('SELECT pg_advisory_xact_lock(727026, hashtext($1))', [sub.endpoint]);
    // An endpoint is one browser profile's: whoever subscribes it last (another account signed in on
    // that browser too) owns it, so an account no longer there gets nothing pushed to it.
    await tx.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND family_id <> $2', [sub.endpoint, family]);
    // One per device: a new subscription of the device replaces its old one.
    await tx.query(
      `INSERT INTO push_subscriptions (user_id, family_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (family_id) DO UPDATE SET user_id = EXCLUDED.user_id, endpoint = EXCLUDED.endpoint, p256dh = EXCLUDED.p256dh,
         auth = EXCLUDED.auth, created_at = now()`,
      [userId, family, sub.endpoint, sub.keys.p256dh, sub.keys.auth],
    );
    // Each device is a request per message: the user's newest MAX_PUSH_DEVICES are kept.
    await tx.query(
      `DELETE FROM push_subscriptions WHERE user_id = $1
         AND id NOT IN (SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
      [userId, MAX_PUSH_DEVICES],
    );
  });
}

export async function removeSubscription(db: Db, userId: number, family: string | null | undefined): Promise<void> {
  if (!family) return;
  await db.query('DELETE FROM push_subscriptions WHERE family_id = $1 AND user_id = $2', [family, userId]);
}

// ---------- inbox ----------

interface InboxRow {
  id: number;
  kind: InboxPage['results'][number]['kind'];
  data: unknown;
  created_at: unknown;
  read_at: unknown;
  total: number;
  unread: number;
}

export async function listInbox(db: Db, userId: number, lang: Lang, limit: number, offset: number): Promise<InboxPage> {
  const { rows } = await db.query<InboxRow>(
    `SELECT n.id, n.kind, n.data, n.created_at, n.read_at, c.total, c.unread
       FROM (SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread FROM notifications WHERE user_id = $1) c
       LEFT JOIN LATERAL (SELECT * FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3) n ON true`,
    [userId, limit, offset],
  );
  const counts = rows[0] ?? { total: 0, unread: 0 };
  return {
    results: rows
      .filter((r) => r.id !== null)
      .map((r) => {
        const data = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as NotificationData;
        const text = notificationText(data, lang);
        return { id: r.id, kind: r.kind, title: text.title, body: text.body, path: text.path, created_at: isoDate(r.created_at), read: r.read_at !== null };
      }),
    metadata: { total: counts.total, limit, offset, unread: counts.unread },
  };
}

export async function markRead(db: Db, userId: number, id: number): Promise<void> {
  const { rows } = await db.query('UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  if (rows.length === 0) throw notFound('Notification');
}

export async function markAllRead(db: Db, userId: number): Promise<void> {
  await db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
}
