// GET /allowCountries: may the visitor use Rora from where they are, and on which site?
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryCheckSchema, envelope } from '@rora/contracts';
import type { ModuleOptions } from '../index.ts';

export const geoRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.get(
    '/allowCountries',
    {
      schema: {
        tags: ['platform'],
        summary: 'Country check: 200 with the serving site, or 451 country_not_allowed (data[0].allowed = false)',
        response: { 200: envelope(countryCheckSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await services.countryCheck.check(request.ip) };
    },
  );
};
