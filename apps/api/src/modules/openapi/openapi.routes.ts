// GET /api/v1/openapi.json: the OpenAPI 3 document of every route (plugins/openapi.ts builds it).
// The document is about 430 kB of JSON and never changes once the app is ready: it is serialized
// once, not per request (about 10 ms of CPU each), and a client may fetch it 60 times a minute.
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../index.ts';

export const openapiRoutes: FastifyPluginAsync<ModuleOptions> = async (app) => {
  let document: string | undefined;
  app.get(
    '/openapi.json',
    { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (_request, reply) => {
      document ??= JSON.stringify(app.swagger());
      return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(document);
    },
  );
};
