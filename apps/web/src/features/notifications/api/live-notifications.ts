// New notifications arrive over the WebSocket and go straight into the same query cache the bell
// reads, so the count and the list update without a refetch. Each time the server says the socket
// is subscribed (`system`/`ready`, also after a reconnect) the list is refetched once, so nothing
// created while the socket was connecting or down is missed. An event that arrives while the list
// is being read drops that read and reads again: its snapshot may predate the event, and landing
// after it, it would wipe the event out (the bell would show no unread notification).
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@rora/contracts';
import { connectRealtime, type RealtimeMessage } from '../../../lib/ws/realtime.ts';
import { insertNotification, markReadInList } from '../model/group-by-day.ts';
import { notificationsKey } from './notifications-api.ts';

function isNotification(value: unknown): value is Notification {
  const v = value as Partial<Notification> | null;
  return !!v && typeof v.id === 'string' && typeof v.message === 'string' && typeof v.createdAt === 'string';
}

function readEvent(data: unknown): { id: string | null; unreadCount: number } | null {
  const v = data as { id?: unknown; unreadCount?: unknown } | null;
  if (!v || typeof v.unreadCount !== 'number' || !(v.id === null || typeof v.id === 'string')) return null;
  return { id: v.id, unreadCount: v.unreadCount };
}

export function applyNotificationEvent(list: NotificationList, message: RealtimeMessage): NotificationList {
  if (message.channel !== 'notifications') return list;
  if (message.type === 'created' && isNotification(message.data)) return insertNotification(list, message.data);
  const read = message.type === 'read' ? readEvent(message.data) : null;
  return read ? markReadInList(list, read.id, read.unreadCount) : list;
}

/**
 * Reads the list again, after what just happened: a read already in flight is dropped, since its
 * snapshot may predate it (left alone, react-query would wait for that read instead of starting one).
 */
function readAgain(client: QueryClient): void {
  void client
    .cancelQueries({ queryKey: notificationsKey })
    .then(() => client.invalidateQueries({ queryKey: notificationsKey }));
}

/** What a message of the socket does to the bell's list in the query cache. */
export function onLiveMessage(client: QueryClient, message: RealtimeMessage): void {
  if (message.channel === 'system' && message.type === 'ready') return readAgain(client);
  if (message.channel !== 'notifications') return;
  const list = client.getQueryData<NotificationList>(notificationsKey);
  if (list && client.isFetching({ queryKey: notificationsKey }) === 0) {
    client.setQueryData(notificationsKey, applyNotificationEvent(list, message));
  } else readAgain(client);
}

export function useLiveNotifications(token: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return undefined;
    const connection = connectRealtime({ token, onMessage: (message) => onLiveMessage(client, message) });
    return () => connection.close();
  }, [client, token]);
}
