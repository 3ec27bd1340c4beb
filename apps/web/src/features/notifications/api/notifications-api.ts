// The notifications calls (spec §7) and their cache. A failed fetch is only logged (spec §8): the
// bell shows no count and the panel offers a retry, but nothing pops up.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notificationApi, type NotificationList } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';
import { errorToastMessage } from '../../../lib/api/errors.ts';
import { translateIfExists } from '../../../lib/i18n/i18n.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { markReadInList } from '../model/group-by-day.ts';

export const NOTIFICATIONS_PAGE_LIMIT = 50;
export const notificationsKey = [...resourceKeys.notifications, 'list'] as const;

export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationList> {
  try {
    return await callApi(notificationApi.list, { query: { page: 1, limit: NOTIFICATIONS_PAGE_LIMIT }, signal });
  } catch (error) {
    // A fetch the app cancelled itself (the page changed) is no failure (issue 19 defect 11).
    if (!signal?.aborted) console.error('Fetching notifications failed', error);
    throw error;
  }
}

export function useNotifications() {
  return useQuery({ queryKey: notificationsKey, queryFn: ({ signal }) => fetchNotifications(signal) });
}

function updateList(
  client: QueryClient,
  update: (list: NotificationList) => NotificationList,
): NotificationList | undefined {
  const previous = client.getQueryData<NotificationList>(notificationsKey);
  if (previous) client.setQueryData(notificationsKey, update(previous));
  return previous;
}

/** Marks read at once on screen; puts it back and says so if the server refuses. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    // Resolves to the server's unread count after "mark all", undefined after one.
    mutationFn: async (id: string | null): Promise<number | undefined> => {
      if (id !== null) {
        await callApi(notificationApi.markRead, { params: { id } });
        return undefined;
      }
      const result = await callApi(notificationApi.markAllRead, {});
      return result.unreadCount;
    },
    // A read of the list already in flight may predate this change: landing after it, it would show
    // the notification unread again. It is cancelled first, and the list read again once settled.
    onMutate: async (id: string | null) => {
      await client.cancelQueries({ queryKey: notificationsKey });
      return { previous: updateList(client, (list) => markReadInList(list, id)) };
    },
    onError: (error, _id, context) => {
      if (context?.previous) client.setQueryData(notificationsKey, context.previous);
      showToast(errorToastMessage(error, translateIfExists), 'error');
    },
    onSuccess: (unreadCount, id) => {
      if (id === null && unreadCount !== undefined)
        updateList(client, (list) => markReadInList(list, null, unreadCount));
    },
    // Cancels a read the socket started meanwhile (it may predate the change) and reads the list as
    // committed.
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}
