// Calls of the notifications context (spec §7 Notifications) and the events it pushes over the
// WebSocket on the `notifications` channel.
import { z } from 'zod';
import { pageInfoSchema, pageQuerySchema, timestampSchema } from './common.ts';

export const notificationSchema = z.object({
  id: z.uuid(),
  /** What happened: `price_alert`, `swap_completed`, ... (NOTIFICATION_KINDS, or a kind added later). */
  kind: z.string(),
  /** The server's English text: shown only for a kind the app does not know (see readNotification). */
  message: z.string(),
  createdAt: timestampSchema,
  isRead: z.boolean(),
  /**
   * Ids of what the notification is about (a swap, an alert), and for a known kind the params its
   * text is written from (notificationParamsSchemas in notification-kinds.ts).
   */
  data: z.record(z.string(), z.unknown()),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notification?page&limit: newest first. */
export const notificationListQuerySchema = pageQuerySchema;
export const notificationListSchema = pageInfoSchema.extend({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** PUT /notification/read-all. */
export const notificationsReadAllSchema = z.object({ updated: z.number().int(), unreadCount: z.number().int() });

/** WebSocket `notifications` events: a new notification; one (id) or all (id null) marked read. */
export const notificationCreatedEventSchema = z.object({
  channel: z.literal('notifications'),
  type: z.literal('created'),
  data: notificationSchema,
});
export const notificationReadEventSchema = z.object({
  channel: z.literal('notifications'),
  type: z.literal('read'),
  data: z.object({ id: z.uuid().nullable(), unreadCount: z.number().int() }),
});
export const notificationEventSchema = z.discriminatedUnion('type', [
  notificationCreatedEventSchema,
  notificationReadEventSchema,
]);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
