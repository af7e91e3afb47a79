/**
 * Sending notifications by Web Push (RFC 8030/8291/8292: `web-push` makes the VAPID header and the aes128gcm body).
 *
 * The queue is the notifications table: a run claims due rows (at most PER_USER_PER_RUN of one user)
 * with FOR UPDATE SKIP LOCKED and, in the same statement, moves their `push_after` a lease ahead, so
 * however many processes run it each row is taken by one; the sends happen outside any transaction (a
 * slow push service holds no lock). Users are served side by side, each user's messages in order, a
 * message's devices all at once; a run starts no message after RUN_BUDGET_MS and hands the rest back,
 * so every send ends before its lease does (LEASE_SECONDS > RUN_BUDGET_MS + SEND_TIMEOUT_MS).
 * A subscription reached is recorded (push_deliveries), so a retry never sends it twice. A push
 * service's 404/410 deletes that subscription; other failures retry with backoff, then give up.
 * Quiet hours: nothing goes between 21:00 and 08:00 in the user's time zone; it is held until 08:00.
 * Endpoints are only the push services' (pushEndpointAllowed), checked on subscribing and again here.
 */
import webpush from 'web-push';
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { log } from '../log.ts';
import { countPush } from '../metrics.ts';
import type { Lang } from '../text.ts';
import { localPath, notificationText, type NotificationData, type NotificationKind } from './notification-copy.ts';

const VAPID_KEY = 'vapid_keys';
const LEASE_SECONDS = 120;
/** After this long a run starts no more messages (their claims go back): its last sends end well inside the lease. */
const RUN_BUDGET_MS = 60_000;
/** One push service request; they answer in well under a second. */
const SEND_TIMEOUT_MS = 5_000;
/** Users served at once in a run (each with up to MAX_PUSH_DEVICES requests at once). */
const USERS_AT_ONCE = 8;
/** One user's share of a run's claims, so one user's backlog cannot fill a run. */
const PER_USER_PER_RUN = 5;
/** Subscriptions kept per user (the newest; PUT …/push-subscription removes older ones), and so sends per message. */
export const MAX_PUSH_DEVICES = 10;
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

/**
 * The browsers' push services, each host with its subdomains: Chrome and the other Chromium browsers
 * (FCM), Firefox (autopush), Safari (APNs web push), Edge (WNS). The server posts to a subscription's
 * endpoint, so any other host would let a user make it call an internal address (SSRF).
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

export interface PushEndpointRule {
  /** PUSH_HOSTS: more hosts (self-hosted push services), each with its subdomains. */
  hosts: readonly string[];
  /** PUSH_ALLOW_LOOPBACK (tests): http or https to localhost / 127.0.0.1 / [::1], any port. */
  allowLoopback: boolean;
}

export const pushEndpointRule = (config: Pick<Config, 'pushHosts' | 'pushAllowLoopback'>): PushEndpointRule => ({
  hosts: config.pushHosts,
  allowLoopback: config.pushAllowLoopback,
});

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An https URL on the default port of a push service's host (WHATWG URL, the parser fetch uses too). */
export function pushEndpointAllowed(endpoint: string, rule: PushEndpointRule): boolean {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  if (rule.allowLoopback && LOOPBACK.has(u.hostname)) return u.protocol === 'http:' || u.protocol === 'https:';
  if (u.protocol !== 'https:' || u.port !== '') return false;
  const host = u.hostname;
  return [...PUSH_SERVICE_HOSTS, ...rule.hosts].some((h) => host === h || host.endsWith(`.${h}`));
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
  /** Claimed but not started within the run's budget: due again at once, the attempt not counted. */
  released: number;
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

export interface PushRunOptions {
  /** Which endpoints may be posted to (pushEndpointRule(config)). */
  endpoints: PushEndpointRule;
  now?: Date;
  limit?: number;
  timeoutMs?: number;
  budgetMs?: number;
}

/** One run: claims up to `limit` due notifications and pushes each to the user's subscribed devices. */
export async function sendDuePushes(db: Db, vapid: Vapid, opts: PushRunOptions): Promise<PushRunResult> {
  const now = opts.now ?? new Date();
  const started = performance.now();
  const budget = opts.budgetMs ?? RUN_BUDGET_MS;
  const out: PushRunResult = { sent: 0, held: 0, skipped: 0, retried: 0, released: 0 };
  // The due check is repeated on the locked row itself: a row another run claimed (and committed) after this
  // run's snapshot is re-checked by PostgreSQL on its new version and skipped, not claimed a second time.
  const claimed = (
    await db.query<Claimed>(
      `UPDATE notifications SET push_after = $1::timestamptz + ($3 || ' seconds')::interval, push_attempts = push_attempts + 1
        WHERE id IN (SELECT id FROM notifications
                      WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY push_after, id) AS nth
                                                     FROM notifications WHERE push_state = 'pending' AND push_after <= $1) due
                                    WHERE nth <= $4)
                        AND push_state = 'pending' AND push_after <= $1
                      ORDER BY push_after, id LIMIT $2 FOR UPDATE SKIP LOCKED)
          AND push_state = 'pending' AND push_after <= $1
        RETURNING id, user_id, kind, data, push_attempts`,
      [now.toISOString(), opts.limit ?? 100, String(LEASE_SECONDS), PER_USER_PER_RUN],
    )
  ).rows.sort((a, b) => a.id - b.id); // RETURNING keeps no order: oldest first
  const byUser = new Map<number, Claimed[]>();
  for (const n of claimed) {
    const list = byUser.get(n.user_id);
    if (list) list.push(n);
    else byUser.set(n.user_id, [n]);
  }
  const users = [...byUser.values()];
  // A few workers take users off one list: a user whose devices hang holds one worker, not the run.
  const worker = async () => {
    for (let list = users.shift(); list; list = users.shift()) {
      for (const n of list) {
        if (performance.now() - started > budget) {
          await db.query(`UPDATE notifications SET push_after = $2, push_attempts = push_attempts - 1 WHERE id = $1 AND push_state = 'pending'`, [n.id, now.toISOString()]);
          out.released++;
        } else await pushNotification(db, vapid, n, now, opts, out);
      }
    }
  };
  // All workers end before the run does (the next run must not overlap this one's sends), a failure then rethrown.
  const ended = await Promise.allSettled(Array.from({ length: Math.min(USERS_AT_ONCE, users.length) }, worker));
  throwFirstFailure(ended);
  return out;
}

/** One claimed notification: skipped, held for quiet hours, or sent to the user's devices at once. */
async function pushNotification(db: Db, vapid: Vapid, n: Claimed, now: Date, opts: PushRunOptions, out: PushRunResult): Promise<void> {
  const settings = (
    await db.query<Record<NotificationKind, boolean> & { time_zone: string; lang: Lang }>(
      'SELECT expiry, reward, claim, invite, time_zone, lang FROM notification_settings WHERE user_id = $1',
      [n.user_id],
    )
  ).rows[0];
  const stored = (
    await db.query<Sub>(
      `SELECT s.id, s.endpoint, s.p256dh, s.auth
         FROM (SELECT * FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $3) s
        WHERE NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.notification_id = $2 AND d.subscription_id = s.id)
        ORDER BY s.id`,
      [n.user_id, n.id, MAX_PUSH_DEVICES],
    )
  ).rows;
  // Stored before the rule (or under a looser one): never posted to, and kept (the rule may be loosened again).
  const subs = stored.filter((s) => pushEndpointAllowed(s.endpoint, opts.endpoints));
  if (subs.length < stored.length) log.warn({ notification: n.id, subscriptions: stored.length - subs.length }, 'push endpoints outside the push services: not sent');
  // Switched off, or no device to reach: the inbox has it, no push.
  if (!settings || !settings[n.kind] || subs.length === 0) {
    await finish(db, n.id, 'skipped');
    out.skipped++;
    return;
  }
  const hold = quietUntil(now, settings.time_zone);
  if (hold) {
    await db.query(`UPDATE notifications SET push_after = $2, push_attempts = push_attempts - 1 WHERE id = $1 AND push_state = 'pending'`, [n.id, hold.toISOString()]);
    out.held++;
    return;
  }
  const data = (typeof n.data === 'string' ? JSON.parse(n.data) : n.data) as NotificationData;
  const text = notificationText(data, settings.lang);
  const payload: PushPayload = { title: text.title, body: text.body, url: localPath(text.path, settings.lang), tag: text.tag, lang: settings.lang, id: n.id };
  const settled = await Promise.allSettled(
    subs.map(async (s) => {
      const r = await pushOne(vapid, s, JSON.stringify(payload), opts.timeoutMs ?? SEND_TIMEOUT_MS);
      countPush(r);
      if (r === 'sent') {
        await db.query('INSERT INTO push_deliveries (notification_id, subscription_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [n.id, s.id]);
        out.sent++;
      } else if (r === 'gone') {
        await db.query('DELETE FROM push_subscriptions WHERE id = $1', [s.id]);
      }
      return r;
    }),
  );
  const outcomes = throwFirstFailure(settled);
  if (!outcomes.includes('retry')) await finish(db, n.id, 'sent');
  else if (n.push_attempts >= MAX_PUSH_ATTEMPTS) await finish(db, n.id, 'failed');
  else {
    await db.query(`UPDATE notifications SET push_after = $2::timestamptz + ($3 || ' seconds')::interval WHERE id = $1 AND push_state = 'pending'`, [
      n.id, now.toISOString(), String(backoffSeconds(n.push_attempts)),
    ]);
    out.retried++;
  }
}

function throwFirstFailure<T>(settled: PromiseSettledResult<T>[]): T[] {
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<T>).value);
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
