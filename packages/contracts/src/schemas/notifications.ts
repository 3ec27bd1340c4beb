// Calls of the notifications context (spec §7 Notifications) and the events it pushes over the
// WebSocket on the `notifications` channel.
import { z as zod } from 'zod';
import { pageInfoSchema, pageQuerySchema, timestampSchema } from './common.ts';

export const notificationSchema = zod.object({
  id: zod.uuid(),
  /** What happened: `price_alert`, `swap_completed`, ... (NOTIFICATION_KINDS, or a kind added later). */
  kind: zod.string(),
  /** The server's English text: shown only for a kind the app does not know (see readNotification). */
  message: zod.string(),
  createdAt: timestampSchema,
  isRead: zod.boolean(),
  /**
   * Ids of what the notification is about (a swap, an alert), and for a known kind the params its
   * text is written from (notificationParamsSchemas in notification-kinds.ts).
   */
  data: zod.record(zod.string(), zod.unknown()),
});
export type Notification = zod.infer<typeof notificationSchema>;

/** GET /notification?page&limit: newest first. */
export const notificationListQuerySchema = pageQuerySchema;
export const notificationListSchema = pageInfoSchema.extend({
  items: zod.array(notificationSchema),
  unreadCount: zod.number().int(),
});
export type NotificationList = zod.infer<typeof notificationListSchema>;

/** PUT /notification/read-all. */
export const notificationsReadAllSchema = zod.object({ updated: zod.number().int(), unreadCount: zod.number().int() });

/** WebSocket `notifications` events: a new notification; one (id) or all (id null) marked read. */
export const notificationCreatedEventSchema = zod.object({
  channel: zod.literal('notifications'),
  type: zod.literal('created'),
  data: notificationSchema,
});
export const notificationReadEventSchema = zod.object({
  channel: zod.literal('notifications'),
  type: zod.literal('read'),
  data: zod.object({ id: zod.uuid().nullable(), unreadCount: zod.number().int() }),
});
export const notificationEventSchema = zod.discriminatedUnion('type', [
  notificationCreatedEventSchema,
  notificationReadEventSchema,
]);
export type NotificationEvent = zod.infer<typeof notificationEventSchema>;
