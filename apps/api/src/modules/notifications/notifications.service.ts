// Customer notifications (spec §7 Notifications, the bell): other modules call `notify` when
// something happens to a customer's money or account; the row is stored and pushed live on the
// customer's WebSocket (`notifications` channel). Every read is scoped to its owner: another
// customer's id answers resource_not_found, as if it did not exist.
// A known kind (contracts: notificationParamsSchemas) must carry its params in `data`: the web app
// writes the text from them in the reader's language, and the English `message` is its fallback.
import {
  isNotificationKind,
  notificationParamsSchemas,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationParams,
  type PageQuery,
} from '@rora/contracts';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { orderedId } from '../../lib/ordered-id.ts';
import { topics, type EventBus } from '../realtime/index.ts';
import { createNotificationRepository, storedView, type PreparedNotification } from './notifications.repository.ts';

export type { PreparedNotification } from './notifications.repository.ts';

const KIND_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_MESSAGE_LENGTH = 1000;

/** A known kind needs its params; another kind (snake_case, added later) any ids it likes. */
type NotificationData<K extends string> = K extends NotificationKind
  ? { data: NotificationParams<K> & Record<string, unknown> }
  : { data?: Record<string, unknown> };

export type NotificationInput<K extends string = string> = {
  /** snake_case event name: `price_alert`, `swap_completed`, `wallet_deposit_credited`, ... */
  kind: K;
  /** English; what a client that does not know the kind shows. */
  message: string;
} & NotificationData<K>;

export interface NotificationService {
  notify<K extends string>(userId: string, input: NotificationInput<K>): Promise<Notification>;
  /** Several customers' notifications in one statement, each pushed to its owner. */
  notifyAll(items: ReadonlyArray<{ userId: string; input: NotificationInput }>): Promise<Notification[]>;
  /**
   * Checks notifications and gives them their ids and time without storing them: for a caller that
   * stores them in its own transaction with what they tell of (notificationRows, the order batch's
   * fills), then announces them once that has committed.
   */
  prepare(items: ReadonlyArray<{ userId: string; input: NotificationInput }>): PreparedNotification[];
  /** Pushes notifications stored by their caller (prepare) to their owners. */
  announce(prepared: readonly PreparedNotification[]): Promise<void>;
  list(userId: string, page: PageQuery): Promise<NotificationList>;
  get(userId: string, id: string): Promise<Notification>;
  markRead(userId: string, id: string): Promise<Notification>;
  markAllRead(userId: string): Promise<{ updated: number; unreadCount: number }>;
  unreadCount(userId: string): Promise<number>;
}

/** A bad kind or message is a programmer error in the calling module, not a customer's. */
function checked(input: NotificationInput): { kind: string; message: string; data: Record<string, unknown> } {
  if (!KIND_PATTERN.test(input.kind)) throw new Error(`notification kind must be snake_case: ${input.kind}`);
  if (!input.message || input.message.length > MAX_MESSAGE_LENGTH) {
    throw new Error('notification message must be 1-1000 characters');
  }
  const data: Record<string, unknown> = input.data ?? {};
  assertParams(input.kind, data);
  return { kind: input.kind, message: input.message, data };
}

const notFound = () => new AppError('resource_not_found', { message: 'Notification not found' });

/** Params a known kind cannot be read from are a programmer error in the calling module. */
function assertParams(kind: string, data: Record<string, unknown>): void {
  if (!isNotificationKind(kind)) return;
  const parsed = notificationParamsSchemas[kind].safeParse(data);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(data)').join(', ');
    throw new Error(`notification ${kind} lacks its params: ${fields}`);
  }
}

export function createNotificationService(deps: { db: Db; clock: Clock; events: EventBus }): NotificationService {
  const { clock, events } = deps;
  const repository = createNotificationRepository(deps.db);

  function prepare(items: ReadonlyArray<{ userId: string; input: NotificationInput }>): PreparedNotification[] {
    const createdAt = clock.now();
    return items.map(({ userId, input }) => ({ id: orderedId(), userId, ...checked(input), createdAt }));
  }

  /** Pushes each stored notification (`created`, in the order of `prepared`) to its owner. */
  async function publishCreated(prepared: readonly PreparedNotification[], created: readonly Notification[]) {
    await Promise.all(
      created.map((notification, index) =>
        events.publish(topics.user(prepared[index]!.userId), {
          channel: 'notifications',
          type: 'created',
          data: notification,
        }),
      ),
    );
  }

  async function notifyAll(items: ReadonlyArray<{ userId: string; input: NotificationInput }>) {
    if (items.length === 0) return [];
    const prepared = prepare(items);
    const created = await repository.insertAll(prepared);
    await publishCreated(prepared, created);
    return created;
  }

  async function publishRead(userId: string, id: string | null): Promise<number> {
    const unreadCount = await repository.unreadCount(userId);
    await events.publish(topics.user(userId), { channel: 'notifications', type: 'read', data: { id, unreadCount } });
    return unreadCount;
  }

  return {
    async notify(userId, input) {
      const [notification] = await notifyAll([{ userId, input }]);
      return notification!;
    },

    notifyAll,
    prepare,

    announce: (prepared) => publishCreated(prepared, prepared.map(storedView)),

    async list(userId, { page, limit }) {
      // One snapshot for the page and the counts: read apart, a notification created in between
      // showed an unread count of 1 above an empty list.
      return deps.db.transaction(
        async (tx) => {
          const snapshot = createNotificationRepository(tx as unknown as Db);
          const items = await snapshot.page(userId, { limit, offset: (page - 1) * limit });
          const totals = await snapshot.totals(userId);
          return { items, page, limit, total: totals.total, unreadCount: totals.unread };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    async get(userId, id) {
      const notification = await repository.findOwned(userId, id);
      if (!notification) throw notFound();
      return notification;
    },

    async markRead(userId, id) {
      const notification = await repository.markRead(userId, id, clock.now());
      if (!notification) throw notFound();
      await publishRead(userId, id);
      return notification;
    },

    async markAllRead(userId) {
      const updated = await repository.markAllRead(userId, clock.now());
      return { updated, unreadCount: await publishRead(userId, null) };
    },

    unreadCount: (userId) => repository.unreadCount(userId),
  };
}
