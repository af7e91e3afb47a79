// This device's Web Push subscription. The browser is asked for permission only when the user turns
// notifications on in Settings (never on page load); the subscription goes to the server with the
// user's time zone (quiet hours) and language (what the messages are written in).
import type { NotificationSettings } from '@contract/types';
import { getLang } from '../../lib/i18n';
import { isIos, isStandalone } from '../../offline/install-card';
import { unsubscribePush } from '../../offline/register-sw';
import { deletePushSubscription, fetchPushKey, saveNotificationSettings, savePushSubscription } from './notifications-api';

const SUBSCRIBE_TIMEOUT_MS = 20_000;

export type PushSupport = 'supported' | 'ios-tab' | 'unsupported';

export function pushSupport(): PushSupport {
  const supported = typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  // iOS (16.4+) offers push only to apps opened from the home screen.
  if (isIos() && !isStandalone()) return 'ios-tab';
  return supported ? 'supported' : 'unsupported';
}

export function permission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Turns push on for this device: permission (the browser's prompt), a subscription with the server's
 * key, saved on the server with every kind switched on. 'denied': the user (or browser) said no;
 * 'unavailable': the browser's push service refused or never answered (a private window, a browser
 * without one), which no connection check would fix. Our own server's failures throw.
 */
export async function turnOnPush(): Promise<NotificationSettings | 'denied' | 'unavailable'> {
  const answer = await Notification.requestPermission();
  if (answer !== 'granted') return 'denied';
  const [registration, key] = await Promise.all([navigator.serviceWorker.ready, fetchPushKey()]);
  const existing = await registration.pushManager.getSubscription();
  let sub: PushSubscription;
  try {
    // A browser that cannot reach its push service may never answer: give up rather than spin forever.
    sub =
      existing ??
      (await Promise.race([
        registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('push service did not answer')), SUBSCRIBE_TIMEOUT_MS)),
      ]));
  } catch {
    return 'unavailable';
  }
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await savePushSubscription({ endpoint: json.endpoint, keys: json.keys });
  return saveNotificationSettings({ expiry: true, reward: true, claim: true, invite: true, time_zone: deviceTimeZone(), lang: getLang() });
}

/** Turns push off for this device (the inbox keeps listing the events). */
export async function turnOffPush(): Promise<void> {
  await deletePushSubscription();
  await unsubscribePush();
}

/** Before signing out: this device's subscription goes from the server while the session still can say so. */
export async function forgetPushOnSignOut(): Promise<void> {
  const timeout = new Promise<void>((r) => setTimeout(r, 3000));
  await Promise.race([Promise.all([deletePushSubscription().catch(() => null), unsubscribePush().catch(() => undefined)]), timeout]);
}
