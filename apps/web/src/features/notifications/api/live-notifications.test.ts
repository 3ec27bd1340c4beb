import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { NotificationList } from '@rora/contracts';
import { applyNotificationEvent, notificationWriter } from './live-notifications.ts';
import { notificationsKey } from './notifications-api.ts';
import { eventually } from '../../../testing/eventually.ts';

const list: NotificationList = {
  items: [{ id: 'n1', kind: 'test', message: 'first', createdAt: '2025-05-20T10:00:00.000Z', isRead: false, data: {} }],
  unreadCount: 1,
  total: 1,
  page: 1,
  limit: 50,
};
const created = {
  id: 'n2',
  kind: 'swap_completed',
  message: 'Swap done',
  createdAt: '2025-05-20T11:00:00.000Z',
  isRead: false,
  data: {},
};

describe('applyNotificationEvent', () => {
  it('puts a created notification at the top and raises the count', () => {
    const next = applyNotificationEvent(list, { channel: 'notifications', type: 'created', data: created });
    expect(next.items.map((item) => item.id)).toEqual(['n2', 'n1']);
    expect(next.unreadCount).toBe(2);
  });

  it('applies a read event with the server count', () => {
    const next = applyNotificationEvent(list, {
      channel: 'notifications',
      type: 'read',
      data: { id: 'n1', unreadCount: 0 },
    });
    expect(next.items[0]?.isRead).toBe(true);
    expect(next.unreadCount).toBe(0);
  });

  it('leaves the list alone for events of other channels', () => {
    const client = new QueryClient();
    client.setQueryData(notificationsKey, list);
    notificationWriter(client, { channel: 'staking', type: 'accrued', data: null });
    expect(client.getQueryData(notificationsKey)).toBe(list);
  });
});

describe('notificationWriter', () => {
  // The server's list, answered by hand: a read started before the notification existed sees `list`.
  function listAnsweredByHand(client: QueryClient) {
    const reads: Array<(value: NotificationList) => void> = [];
    const observer = new QueryObserver(client, {
      queryKey: notificationsKey,
      queryFn: () => new Promise<NotificationList>((resolve) => reads.push(resolve)),
    });
    return { reads, unsubscribe: observer.subscribe(() => undefined) };
  }
  const withCreated: NotificationList = { ...list, items: [{ ...created }, ...list.items], unreadCount: 2, total: 2 };
  const unread = (client: QueryClient) => client.getQueryData<NotificationList>(notificationsKey)?.unreadCount;

  it('keeps an event that arrives while the list is read again, from a snapshot taken before it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { reads, unsubscribe } = listAnsweredByHand(client);
    reads[0]!(list);
    await eventually(() => expect(unread(client)).toBe(1));
    void client.refetchQueries({ queryKey: notificationsKey });
    expect(reads).toHaveLength(2);

    notificationWriter(client, { channel: 'notifications', type: 'created', data: created });
    await eventually(() => expect(reads).toHaveLength(3));
    reads[1]!(list);
    reads[2]!(withCreated);
    await eventually(() => expect(unread(client)).toBe(2));
    unsubscribe();
  });

  it('keeps an event that arrives during the first read, which has no list to add it to', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { reads, unsubscribe } = listAnsweredByHand(client);
    expect(reads).toHaveLength(1);

    notificationWriter(client, { channel: 'notifications', type: 'created', data: created });
    await eventually(() => expect(reads).toHaveLength(2));
    reads[0]!(list);
    reads[1]!(withCreated);
    await eventually(() => expect(unread(client)).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unread(client)).toBe(2);
    unsubscribe();
  });

  it('applies an event straight to the list when no read is in flight', () => {
    const client = new QueryClient();
    client.setQueryData(notificationsKey, list);
    notificationWriter(client, { channel: 'notifications', type: 'created', data: created });
    expect(client.getQueryData<NotificationList>(notificationsKey)?.unreadCount).toBe(2);
    expect(client.isFetching()).toBe(0);
  });
});
