// The notifications list of spec §4: grouped by the local calendar day, newest first; the current
// day is labelled 'Today' and the others by their full date. Pure, with the clock passed in.
import type { Notification } from '@rora/contracts';
import { localDayKey } from '../../../lib/format/dates.ts';

export interface NotificationDay {
  /** `YYYY-MM-DD` in the viewer's time zone. */
  readonly day: string;
  readonly isToday: boolean;
  /** Noon of that day, for formatting its full date. */
  readonly date: Date;
  readonly items: readonly Notification[];
}

function timeOf(notification: Notification): number {
  const time = Date.parse(notification.createdAt);
  return Number.isNaN(time) ? 0 : time;
}

export function groupByDay(notifications: readonly Notification[], now: Date): NotificationDay[] {
  const today = localDayKey(now);
  const sorted = [...notifications].sort((a, b) => timeOf(b) - timeOf(a));
  const days: { day: string; date: Date; items: Notification[] }[] = [];
  for (const notification of sorted) {
    const created = new Date(timeOf(notification));
    const day = localDayKey(created);
    const last = days.at(-1);
    if (last?.day === day) last.items.push(notification);
    else
      days.push({
        day,
        date: new Date(created.getFullYear(), created.getMonth(), created.getDate(), 12),
        items: [notification],
      });
  }
  return days.map((group) => ({ ...group, isToday: group.day === today }));
}

/** Adds a pushed notification to a page of them, once, keeping the unread count right. */
export function insertNotification<L extends { items: Notification[]; unreadCount: number; total: number }>(
  list: L,
  notification: Notification,
): L {
  if (list.items.some((item) => item.id === notification.id)) return list;
  return {
    ...list,
    items: [notification, ...list.items],
    total: list.total + 1,
    unreadCount: list.unreadCount + (notification.isRead ? 0 : 1),
  };
}

/** Marks one notification (or all, with id null) read in a page of them; the server's count wins. */
export function markReadInList<L extends { items: Notification[]; unreadCount: number }>(
  list: L,
  id: string | null,
  unreadCount?: number,
): L {
  const wasUnread = list.items.some((item) => item.id === id && !item.isRead);
  const items = list.items.map((item) => (id === null || item.id === id ? { ...item, isRead: true } : item));
  const next = unreadCount ?? (id === null ? 0 : list.unreadCount - (wasUnread ? 1 : 0));
  return { ...list, items, unreadCount: Math.max(0, next) };
}
