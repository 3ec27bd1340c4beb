// Development only (config.devRoutes, never in production): POST /dev/audit/snapshot takes and
// publishes an audit snapshot at once, so a journey or a developer need not wait for the daily job.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSnapshotTakenResponseSchema } from '@rora/contracts';
import type { ModuleOptions } from '../index.ts';

export const auditDevRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, services }) => {
  if (!config.devRoutes) return;
  app.post(
    '/dev/audit/snapshot',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: take and publish an audit snapshot now',
        response: { 200: auditSnapshotTakenResponseSchema },
      },
    },
    async () => ({ data: await services.audit.snapshot() }),
  );
};
