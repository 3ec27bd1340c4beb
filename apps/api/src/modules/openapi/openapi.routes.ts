// GET /api/v1/openapi.json: the OpenAPI 3 document of every route (plugins/openapi.ts builds it).
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../index.ts';

export const openapiRoutes: FastifyPluginAsync<ModuleOptions> = async (app) => {
  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
};
