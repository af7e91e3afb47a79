// Notification calls: the server's push key, this device's subscription, the switches, the inbox.
import type { InboxPage, NotificationSettings, PushKey, PushSubscriptionBody } from '@contract/types';
import type { Lang } from '../../lib/i18n';
import { request } from '../../lib/http';

export const INBOX_PAGE_SIZE = 20;

export type SettingsChange = Partial<Omit<NotificationSettings, 'subscribed'>>;

export async function fetchPushKey(): Promise<string> {
  return (await request<PushKey>('/notifications/push-key')).public_key;
}

export function savePushSubscription(body: PushSubscriptionBody): Promise<null> {
  return request<null>('/application-users/me/push-subscription', { method: 'PUT', body });
}

export function deletePushSubscription(): Promise<null> {
  return request<null>('/application-users/me/push-subscription', { method: 'DELETE' });
}

export function fetchNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return request<NotificationSettings>('/application-users/me/notification-settings', { signal });
}

export function saveNotificationSettings(body: SettingsChange): Promise<NotificationSettings> {
  return request<NotificationSettings>('/application-users/me/notification-settings', { method: 'PUT', body });
}

export function fetchInbox(lang: Lang, offset: number, signal?: AbortSignal): Promise<InboxPage> {
  return request<InboxPage>('/application-users/me/notifications', { query: { limit: INBOX_PAGE_SIZE, offset }, signal, lang });
}

/** Every message of the user read, also those beyond the first page. */
export function markAllNotificationsRead(): Promise<null> {
  return request<null>('/application-users/me/notifications/read-all', { method: 'POST' });
}

export function markNotificationRead(id: number): Promise<null> {
  return request<null>(`/application-users/me/notifications/${id}/read`, { method: 'PUT' });
}
