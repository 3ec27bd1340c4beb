import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '../index.ts';

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and the database state',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.object({ state: z.enum(['up', 'down']), latencyMs: z.number() }) }),
          503: z.object({ status: z.literal('degraded'), database: z.object({ state: z.enum(['up', 'down']), latencyMs: z.number() }) }),
        },
      },
    },
    async (_request, reply) => {
      const database = await services.health.database();
      if (database.state === 'up') return { status: 'ok' as const, database };
      return reply.code(503).send({ status: 'degraded' as const, database });
    },
  );
};
