// The notifications calls with their schemas, for clients (api-call.ts). Schema-free at run time: a client
// bundle carries each call's method and path, never zod; calls.test.ts checks them against the API's table.
import { typedCall } from '../api-call.ts';
import type {
  idParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  notificationsReadAllSchema,
} from '../index.ts';

/** The notifications calls (the API's routes are notifications.routes.ts), with their schemas for clients. */
export const notificationApi = {
  list: typedCall<{ query: typeof notificationListQuerySchema; response: typeof notificationListSchema }>({
    method: 'GET',
    path: '/notification',
  }),
  markRead: typedCall<{ params: typeof idParamsSchema; response: typeof notificationSchema }>({
    method: 'PUT',
    path: '/notification/{id}/read',
  }),
  markAllRead: typedCall<{ response: typeof notificationsReadAllSchema }>({
    method: 'PUT',
    path: '/notification/read-all',
  }),
};
