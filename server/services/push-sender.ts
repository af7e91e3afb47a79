/**
 * Sending notifications by Web Push (RFC 8030/8291/8292: `web-push` makes the VAPID header and the aes128gcm body).
 *
 * The queue is the notifications table: a run claims due rows with FOR UPDATE SKIP LOCKED and, in
 * the same statement, moves their `push_after` a lease ahead, so however many processes run it each
 * row is taken by one; the sends happen outside any transaction (a slow push service holds no lock).
 * A subscription reached is recorded (push_deliveries), so a retry never sends it twice. A push
 * service's 404/410 deletes that subscription; other failures retry with backoff, then give up.
 * Quiet hours: nothing goes between 21:00 and 08:00 in the user's time zone; it is held until 08:00.
 */
import webpush from 'web-push';
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { countPush } from '../metrics.ts';
import type { Lang } from '../text.ts';
import { localPath, notificationText, type NotificationData, type NotificationKind } from './notification-copy.ts';

const VAPID_KEY = 'vapid_keys';
const LEASE_SECONDS = 120;
export const MAX_PUSH_ATTEMPTS = 6;
const QUIET_FROM = 21;
const QUIET_UNTIL = 8;

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const cache = new WeakMap<Db, Promise<Vapid>>();

/** The VAPID keys: from the environment, else a pair made on first start and kept in app_meta (shared by every process on one database). */
export function vapidKeys(db: Db, config: Pick<Config, 'vapid' | 'vapidSubject'>): Promise<Vapid> {
  if (config.vapid) return Promise.resolve({ ...config.vapid, subject: config.vapidSubject });
  let p = cache.get(db);
  if (!p) {
    p = (async () => {
      await db.query('INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [VAPID_KEY, JSON.stringify(webpush.generateVAPIDKeys())]);
      const { rows } = await db.query<{ value: string }>('SELECT value FROM app_meta WHERE key = $1', [VAPID_KEY]);
      const keys = JSON.parse(rows[0].value) as { publicKey: string; privateKey: string };
      return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: config.vapidSubject };
    })();
    p.catch(() => cache.delete(db));
    cache.set(db, p);
  }
  return p;
}

/** The wall-clock hour in a time zone, and the UTC instant of the next 08:00 there when `now` is in quiet hours. */
export function quietUntil(now: Date, timeZone: string): Date | null {
  const local = localParts(now, timeZone);
  if (local.hour >= QUIET_UNTIL && local.hour < QUIET_FROM) return null;
  // The local calendar day of the next 08:00, then that wall time converted back with the zone's offset then.
  const day = new Date(Date.UTC(local.year, local.month - 1, local.day + (local.hour >= QUIET_FROM ? 1 : 0), QUIET_UNTIL));
  const guess = new Date(day.getTime() - offsetMs(day, timeZone));
  return new Date(day.getTime() - offsetMs(guess, timeZone));
}

function localParts(d: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(d);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** The zone's offset from UTC at `d` (local wall time − UTC), in ms. */
function offsetMs(d: Date, timeZone: string): number {
  const l = localParts(d, timeZone);
  return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute) - Math.floor(d.getTime() / 60_000) * 60_000;
}

/** Seconds before the next try after `attempts` failed ones: 30 s, 2 min, 8 min, 32 min, ~2 h. */
export const backoffSeconds = (attempts: number) => 30 * 4 ** Math.max(0, attempts - 1);

/** What the service worker receives (sw/sw.ts reads it). */
export interface PushPayload {
  title: string;
  body: string;
  /** The real path of the screen in the user's language (/nl/wallet/12). */
  url: string;
  tag: string;
  lang: Lang;
  id: number;
}

export interface PushRunResult {
  sent: number;
  held: number;
  skipped: number;
  retried: number;
}

interface Claimed {
  id: number;
  user_id: number;
  kind: NotificationKind;
  data: unknown;
  push_attempts: number;
}

interface Sub {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** One run: claims up to `limit` due notifications and pushes each to the user's subscribed devices. */
export async function sendDuePushes(db: Db, vapid: Vapid, opts: { now?: Date; limit?: number; timeoutMs?: number } = {}): Promise<PushRunResult> {
  const now = opts.now ?? new Date();
  const out: PushRunResult = { sent: 0, held: 0, skipped: 0, retried: 0 };
  const claimed = (
    await db.query<Claimed>(
      `UPDATE notifications SET push_after = $1::timestamptz + ($3 || ' seconds')::interval, push_attempts = push_attempts + 1
        WHERE id IN (SELECT id FROM notifications WHERE push_state = 'pending' AND push_after <= $1
                      ORDER BY push_after, id LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING id, user_id, kind, data, push_attempts`,
      [now.toISOString(), opts.limit ?? 100, String(LEASE_SECONDS)],
    )
  ).rows.sort((a, b) => a.id - b.id); // RETURNING keeps no order: oldest first
  for (const n of claimed) {
    const settings = (
      await db.query<Record<NotificationKind, boolean> & { time_zone: string; lang: Lang }>(
        'SELECT expiry, reward, claim, invite, time_zone, lang FROM notification_settings WHERE user_id = $1',
        [n.user_id],
      )
    ).rows[0];
    const subs = (
      await db.query<Sub>(
        `SELECT s.id, s.endpoint, s.p256dh, s.auth FROM push_subscriptions s
          WHERE s.user_id = $1 AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.notification_id = $2 AND d.subscription_id = s.id)
          ORDER BY s.id`,
        [n.user_id, n.id],
      )
    ).rows;
    // Switched off, or no device to reach: the inbox has it, no push.
    if (!settings || !settings[n.kind] || subs.length === 0) {
      await finish(db, n.id, 'skipped');
      out.skipped++;
      continue;
    }
    const hold = quietUntil(now, settings.time_zone);
    if (hold) {
      await db.query(`UPDATE notifications SET push_after = $2, push_attempts = push_attempts - 1 WHERE id = $1 AND push_state = 'pending'`, [n.id, hold.toISOString()]);
      out.held++;
      continue;
    }
    const data = (typeof n.data === 'string' ? JSON.parse(n.data) : n.data) as NotificationData;
    const text = notificationText(data, settings.lang);
    const payload: PushPayload = { title: text.title, body: text.body, url: localPath(text.path, settings.lang), tag: text.tag, lang: settings.lang, id: n.id };
    let failed = false;
    for (const s of subs) {
      const r = await pushOne(vapid, s, JSON.stringify(payload), opts.timeoutMs ?? 10_000);
      countPush(r);
      if (r === 'sent') {
        await db.query('INSERT INTO push_deliveries (notification_id, subscription_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [n.id, s.id]);
        out.sent++;
      } else if (r === 'gone') {
        await db.query('DELETE FROM push_subscriptions WHERE id = $1', [s.id]);
      } else failed = true;
    }
    if (!failed) await finish(db, n.id, 'sent');
    else if (n.push_attempts >= MAX_PUSH_ATTEMPTS) await finish(db, n.id, 'failed');
    else {
      await db.query(`UPDATE notifications SET push_after = $2::timestamptz + ($3 || ' seconds')::interval WHERE id = $1 AND push_state = 'pending'`, [
        n.id, now.toISOString(), String(backoffSeconds(n.push_attempts)),
      ]);
      out.retried++;
    }
  }
  return out;
}

function finish(db: Db, id: number, state: 'sent' | 'skipped' | 'failed') {
  return db.query(`UPDATE notifications SET push_state = $2 WHERE id = $1 AND push_state = 'pending'`, [id, state]);
}

/** One message to one device: web-push builds the request (VAPID, aes128gcm); fetch sends it, with a timeout. */
async function pushOne(vapid: Vapid, s: Sub, payload: string, timeout: number): Promise<'sent' | 'gone' | 'retry'> {
  try {
    const req = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
      vapidDetails: vapid,
      TTL: 24 * 3600,
      contentEncoding: 'aes128gcm',
    });
    const res = await fetch(req.endpoint, {
      method: 'POST',
      headers: req.headers as Record<string, string>,
      body: req.body ? new Uint8Array(req.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(timeout),
    });
    await res.body?.cancel();
    if (res.ok) return 'sent';
    return res.status === 404 || res.status === 410 ? 'gone' : 'retry';
  } catch {
    return 'retry';
  }
}
