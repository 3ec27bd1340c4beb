// The notifications table, always read and written through its owner's id.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Notification } from '@rora/contracts';
import { schema, type Db, type Tx } from '@rora/db';

const { notifications } = schema;
type Row = typeof notifications.$inferSelect;

function toNotification(row: Row): Notification {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
    data: row.data,
  };
}

/** A notification checked and given its id (NotificationService.prepare), not stored yet. */
export interface PreparedNotification {
  id: string;
  userId: string;
  kind: string;
  message: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** As the customer reads it once stored: unread. */
export function storedView(prepared: PreparedNotification): Notification {
  return toNotification({ ...prepared, readAt: null });
}

/** Notifications as notifications_insert_all() (sql/notifications_insert_all.sql) reads them. */
export function notificationRows(prepared: readonly PreparedNotification[]) {
  return prepared.map((notification) => ({
    id: notification.id,
    user_id: notification.userId,
    kind: notification.kind,
    message: notification.message,
    data: notification.data,
    created_at: notification.createdAt.toISOString(),
  }));
}

/**
 * Stores prepared notifications in the caller's transaction, with the step they tell of: a session
 * lost between the two can then leave neither a step untold nor a notice of a step undone.
 */
export async function storeNotificationsIn(tx: Tx, prepared: readonly PreparedNotification[]): Promise<void> {
  if (prepared.length === 0) return;
  await tx.execute(sql`SELECT FROM notifications_insert_all(${JSON.stringify(notificationRows(prepared))}::jsonb)`);
}

/**
 * How long whatever settled a step (a request, a job) has to tell its customers before a sweep tells
 * them instead: two announcers at once could both find a customer untold and both tell them.
 */
export const NOTIFY_GRACE_MS = 30_000;

/**
 * Whether the customer already has a notification naming `id` in its data's `field` (of one of
 * `kinds`, when given): an announcer whose sending broke off before it recorded the step as told
 * asks this before telling again.
 */
export async function hasNotificationAbout(
  db: Db,
  about: { userId: string; field: string; id: string; kinds?: readonly string[] },
): Promise<boolean> {
  const kinds = about.kinds?.map((kind) => sql`${kind}`);
  const ofKinds = kinds ? sql` AND kind IN (${sql.join(kinds, sql`, `)})` : sql``;
  const { rows } = await db.execute(sql`
    SELECT 1 FROM notifications
     WHERE user_id = ${about.userId}::uuid AND data->>${about.field} = ${about.id}${ofKinds}
     LIMIT 1`);
  return rows.length > 0;
}

/** The rows stored, as drizzle names them. */
const INSERT_ALL = `
  SELECT id, user_id AS "userId", kind, message, data, created_at AS "createdAt", read_at AS "readAt"
    FROM notifications_insert_all($1::jsonb)`;

const owned = (userId: string, id: string) => and(eq(notifications.id, id), eq(notifications.userId, userId));

export function createNotificationRepository(db: Db) {
  return {
    /**
     * One statement for them all, named, so each connection plans it once (drizzle's builder cost
     * about 6 % of the order path's CPU when the fill notifier called this for every batch with a
     * fill; the batch now stores those itself). The notifications come back in the order given.
     */
    async insertAll(prepared: readonly PreparedNotification[]): Promise<Notification[]> {
      const { rows } = await db.$client.query<Row>({
        name: 'notifications_insert_all',
        text: INSERT_ALL,
        values: [JSON.stringify(notificationRows(prepared))],
      });
      // Matched by id, whatever order the rows come back in.
      const byId = new Map(rows.map((row) => [row.id, row]));
      return prepared.map((value) => toNotification(byId.get(value.id)!));
    },

    /** Newest first; ties (same instant) broken by id so pages never overlap. */
    async page(userId: string, options: { limit: number; offset: number }): Promise<Notification[]> {
      const rows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(options.limit)
        .offset(options.offset);
      return rows.map(toNotification);
    },

    async totals(userId: string): Promise<{ total: number; unread: number }> {
      const [row] = await db
        .select({ total: count(), unread: sql<number>`count(*) FILTER (WHERE ${notifications.readAt} IS NULL)::int` })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.unread ?? 0;
    },

    async findOwned(userId: string, id: string): Promise<Notification | null> {
      const [row] = await db.select().from(notifications).where(owned(userId, id)).limit(1);
      return row ? toNotification(row) : null;
    },

    /** Keeps the first read time when it was already read. */
    async markRead(userId: string, id: string, at: Date): Promise<Notification | null> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(owned(userId, id))
        .returning();
      return row ? toNotification(row) : null;
    },

    async markAllRead(userId: string, at: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
