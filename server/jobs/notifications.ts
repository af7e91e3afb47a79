/**
 * Notifications' scheduled work: the expiry reminders (hourly, for today's date in UTC: one
 * statement keyed by card and threshold) and the push sender (every PUSH_INTERVAL seconds; its
 * claims make each notification one process's, and a run ends before its claims' lease does; it
 * posts only to the push services' hosts and PUSH_HOSTS). Both are safe from any number of processes.
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { recordExpiryReminders } from '../services/notifications.ts';
import { pushEndpointRule, sendDuePushes, vapidKeys } from '../services/push-sender.ts';
import { repeat } from './repeat.ts';

export const EXPIRY_CHECK_SECONDS = 3600;

export async function startNotifications(
  db: Db,
  config: Pick<Config, 'vapid' | 'vapidSubject' | 'pushInterval' | 'pushHosts' | 'pushAllowLoopback'>,
): Promise<() => void> {
  const vapid = await vapidKeys(db, config);
  const stopExpiry = await repeat('expiry_reminders', Math.max(EXPIRY_CHECK_SECONDS, config.pushInterval), () =>
    recordExpiryReminders(db, new Date().toISOString().slice(0, 10)),
  );
  const stopPush = await repeat('push_sender', config.pushInterval, () => sendDuePushes(db, vapid, { endpoints: pushEndpointRule(config) }));
  return () => {
    stopExpiry();
    stopPush();
  };
}
