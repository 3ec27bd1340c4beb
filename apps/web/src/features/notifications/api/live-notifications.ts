// New notifications arrive over the WebSocket and go straight into the same query cache the bell
// reads, so the count and the list update without a refetch. Each time the server says the socket
// is subscribed (`system`/`ready`, also after a reconnect) the list is refetched once, so nothing
// created while the socket was connecting or down is missed.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
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

export function useLiveNotifications(token: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return undefined;
    const connection = connectRealtime({
      token,
      onMessage: (message) => {
        if (message.channel === 'system' && message.type === 'ready') {
          void client.invalidateQueries({ queryKey: notificationsKey });
          return;
        }
        if (message.channel !== 'notifications') return;
        const list = client.getQueryData<NotificationList>(notificationsKey);
        if (list) client.setQueryData(notificationsKey, applyNotificationEvent(list, message));
        else void client.invalidateQueries({ queryKey: notificationsKey });
      },
    });
    return () => connection.close();
  }, [client, token]);
}
