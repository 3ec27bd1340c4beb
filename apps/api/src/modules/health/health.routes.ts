// GET /health: liveness and the database state, for load balancers and monitoring.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthDegradedSchema, healthSchema } from '@rora/contracts';
import { RETRY_AFTER_SECONDS } from '../../plugins/errors.ts';
import type { ModuleOptions } from '../index.ts';

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and the database state',
        response: { 200: healthSchema, 503: healthDegradedSchema },
      },
    },
    async (_request, reply) => {
      const database = await services.health.database();
      if (database.state === 'up') return { status: 'ok' as const, database };
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'degraded' as const, database });
    },
  );
};
