// GET /notification, GET /notification/{id}, PUT /notification/{id}/read, PUT /notification/read-all.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  notificationsReadAllSchema,
  envelope,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import type { ModuleOptions } from '../index.ts';

export const notificationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const tags = ['notifications'];

  app.get(
    '/notification',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The signed-in customer’s notifications, newest first, with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: envelope(notificationListSchema) },
      },
    },
    async (request) => ({ data: await services.notifications.list(currentUser(request).userId, request.query) }),
  );

  app.get(
    '/notification/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'One notification',
        params: idParamsSchema,
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) => ({ data: await services.notifications.get(currentUser(request).userId, request.params.id) }),
  );

  app.put(
    '/notification/:id/read',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: idParamsSchema,
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) => ({
      data: await services.notifications.markRead(currentUser(request).userId, request.params.id),
    }),
  );

  app.put(
    '/notification/read-all',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Mark every notification read',
        response: { 200: envelope(notificationsReadAllSchema) },
      },
    },
    async (request) => ({ data: await services.notifications.markAllRead(currentUser(request).userId) }),
  );
};
