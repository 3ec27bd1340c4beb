// GET /health: liveness, the database state and each chain's state, for load balancers and
// monitoring. A degraded chain does not make the answer 503: the product keeps serving (ADR 0044).
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
        summary: "Liveness, the database state and each chain's state",
        response: { 200: healthSchema, 503: healthDegradedSchema },
      },
    },
    async (_request, reply) => {
      const database = await services.health.database();
      const chains = services.chains.health.states();
      if (database.state === 'up') return { status: 'ok' as const, database, chains };
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'degraded' as const, database, chains });
    },
  );
};
