// New notifications arrive over the session's WebSocket and go straight into the same query cache
// the bell reads, so the count and the list update without a refetch (the signed-in layout gives
// `notificationWriter` to the one dispatcher, lib/ws/dispatch.ts). Each time the server says the
// socket is subscribed (`system`/`ready`, also after a reconnect) the list is refetched once, so
// nothing created while the socket was connecting or down is missed. An event that arrives while
// the list is being read drops that read and reads again: its snapshot may predate the event, and
// landing after it, it would wipe the event out (the bell would show no unread notification).
import type { QueryClient } from '@tanstack/react-query';
import type { EventOf, NotificationList, RealtimeEvent } from '@rora/contracts';
import { insertNotification, markReadInList } from '../model/group-by-day.ts';
import { notificationsKey } from './notifications-api.ts';

export function applyNotificationEvent(list: NotificationList, event: EventOf<'notifications'>): NotificationList {
  if (event.type === 'created') return insertNotification(list, event.data);
  return markReadInList(list, event.data.id, event.data.unreadCount);
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

/** What an event of the socket does to the bell's list in the query cache. */
export function notificationWriter(client: QueryClient, event: RealtimeEvent): void {
  if (event.channel === 'system' && event.type === 'ready') return readAgain(client);
  if (event.channel !== 'notifications') return;
  const list = client.getQueryData<NotificationList>(notificationsKey);
  if (list && client.isFetching({ queryKey: notificationsKey }) === 0) {
    client.setQueryData(notificationsKey, applyNotificationEvent(list, event));
  } else readAgain(client);
}
