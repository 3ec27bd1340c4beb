import { describe, expect, it } from 'vitest';
import type { NotificationList } from '@rora/contracts';
import { applyNotificationEvent } from './live-notifications.ts';

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

  it('ignores other channels, unknown types and malformed data', () => {
    expect(applyNotificationEvent(list, { channel: 'system', type: 'created', data: created })).toBe(list);
    expect(applyNotificationEvent(list, { channel: 'notifications', type: 'deleted', data: created })).toBe(list);
    expect(applyNotificationEvent(list, { channel: 'notifications', type: 'created', data: { id: 3 } })).toBe(list);
    expect(applyNotificationEvent(list, { channel: 'notifications', type: 'read', data: { id: 'n1' } })).toBe(list);
  });
});
