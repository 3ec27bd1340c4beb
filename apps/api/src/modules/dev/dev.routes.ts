// Development-only routes under /api/v1/dev, registered only when config.devRoutes is on (never in
// production, which config.ts enforces): elsewhere they do not exist and answer 404.
// GET /dev/outbox?to=&limit= lists the e-mails and SMS sent, newest first, with their text, so
// browser tests and developers can read one-time codes without a mail server.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, outboxListSchema, outboxQuerySchema } from '@rora/contracts';
import type { ModuleOptions } from '../index.ts';

export const devRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, services }) => {
  if (!config.devRoutes) return;
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: messages sent, newest first, with their text',
        querystring: outboxQuerySchema,
        response: { 200: envelope(outboxListSchema) },
      },
    },
    async (request) => ({ data: { items: await services.outbox.list(request.query) } }),
  );
};
