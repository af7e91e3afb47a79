/**
 * Notifications: GET /notifications/push-key (the VAPID public key); this device's push subscription
 * (PUT/DELETE /application-users/me/push-subscription); the switches, time zone and language
 * (GET/PUT /application-users/me/notification-settings); the inbox (GET /application-users/me/notifications,
 * PUT …/notifications/{id}/read, POST …/notifications/read-all).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { pagingSchema, parseBody, parseQuery, pathId } from '../http/validate.ts';
import { optionalAuth, requireUser, userId } from '../http/auth.ts';
import { contentLanguage } from '../http/lang.ts';
import {
  getNotificationSettings,
  listInbox,
  markAllRead,
  markRead,
  removeSubscription,
  saveSubscription,
  setNotificationSettings,
} from '../services/notifications.ts';
import { pushEndpointAllowed, vapidKeys, type PushEndpointRule } from '../services/push-sender.ts';

const b64url = (min: number, max: number, what: string) =>
  z.string({ error: `${what} must be a base64url string.` }).regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}={0,2}$`), { message: `${what} is not a valid key.` });

/** A push service's URL: https on a browser push service's host or PUSH_HOSTS (the server posts to it:
 *  pushEndpointAllowed). Tests may allow http on loopback. */
function endpointSchema(rule: PushEndpointRule) {
  return z
    .string({ error: 'endpoint must be a string.' })
    .max(1024, { message: 'endpoint is too long.' })
    .refine((v) => pushEndpointAllowed(v, rule), { message: "endpoint must be an https URL of a browser's push service." });
}

const isTimeZone = (v: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
};

export const SettingsBody = z
  .object({
    expiry: z.boolean({ error: 'expiry must be true or false.' }).optional(),
    reward: z.boolean({ error: 'reward must be true or false.' }).optional(),
    claim: z.boolean({ error: 'claim must be true or false.' }).optional(),
    invite: z.boolean({ error: 'invite must be true or false.' }).optional(),
    time_zone: z.string({ error: 'time_zone must be a string.' }).max(64).refine(isTimeZone, { message: 'time_zone must be an IANA time zone (Europe/Amsterdam).' }).optional(),
    lang: z.enum(['en', 'nl'], { error: 'lang must be en or nl.' }).optional(),
  })
  .strict();

export const InboxQuery = z.object({ ...pagingSchema(50, 100) });

/** PUT …/push-subscription's body (a PushSubscription's toJSON()). */
export const subscriptionBody = (allowLoopback: boolean, hosts: readonly string[] = []) =>
  z.object({
    endpoint: endpointSchema({ allowLoopback, hosts }),
    keys: z.object({ p256dh: b64url(80, 100, 'keys.p256dh'), auth: b64url(16, 32, 'keys.auth') }, { error: 'keys must hold p256dh and auth.' }),
  });

export function notificationRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/notifications/push-key', optionalAuth, async (c) => {
    const keys = await vapidKeys(c.var.db, c.var.config);
    return c.json({ public_key: keys.publicKey });
  });

  r.put('/application-users/me/push-subscription', requireUser, async (c) => {
    const body = await parseBody(c, subscriptionBody(c.var.config.pushAllowLoopback, c.var.config.pushHosts));
    await saveSubscription(c.var.db, userId(c), c.var.auth?.family, body);
    return c.body(null, 204);
  });
  r.delete('/application-users/me/push-subscription', requireUser, async (c) => {
    await removeSubscription(c.var.db, userId(c), c.var.auth?.family);
    return c.body(null, 204);
  });

  r.get('/application-users/me/notification-settings', requireUser, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getNotificationSettings(c.var.db, userId(c), c.var.auth?.family));
  });
  r.put('/application-users/me/notification-settings', requireUser, async (c) => {
    const body = await parseBody(c, SettingsBody);
    return c.json(await setNotificationSettings(c.var.db, userId(c), c.var.auth?.family, body));
  });

  r.get('/application-users/me/notifications', requireUser, async (c) => {
    const q = parseQuery(c, InboxQuery);
    const lang = contentLanguage(c);
    return c.json(await listInbox(c.var.db, userId(c), lang, q.limit, q.offset));
  });
  r.put('/application-users/me/notifications/:id/read', requireUser, async (c) => {
    await markRead(c.var.db, userId(c), pathId(c, 'id', 'Notification'));
    return c.body(null, 204);
  });
  r.post('/application-users/me/notifications/read-all', requireUser, async (c) => {
    await markAllRead(c.var.db, userId(c));
    return c.body(null, 204);
  });
  return r;
}
