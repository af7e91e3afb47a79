// An inbox entry marked read, as the outbox sends it (idempotent PUT).
import type { OutboxOperation } from '../../offline/outbox';
import { markNotificationRead } from './notifications-api';

export const sendNotificationRead: OutboxOperation<'notification-read'> = (change) => markNotificationRead(change.notificationId);
