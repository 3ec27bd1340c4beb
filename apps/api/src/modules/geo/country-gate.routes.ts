// Spec §3/§7: users from blocked countries cannot use the service. The web app's popup is not the
// only guard (issue 19: a login from a blocked country answered 200): every API request from a
// blocked country is refused with 451 country_not_allowed, the country check's own answer, before
// its route runs. Exempt: the health check and the API documentation (operations), the providers'
// webhooks (their servers are not customers) and the sandbox's dev routes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleOptions } from '../index.ts';

const EXEMPT = [
  /^\/api\/v1\/health(\/|$|\?)/,
  /^\/api\/v1\/openapi\.json/,
  /^\/api\/v1\/webhooks\//,
  /^\/api\/v1\/dev\//,
];

async function countryGatePlugin(app: FastifyInstance, { services }: ModuleOptions): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (EXEMPT.some((pattern) => pattern.test(request.url))) return;
    // A request with no peer address (light-my-request's WebSocket injection) has nothing to place.
    if (!request.ip) return;
    // Throws AppError('country_not_allowed') for a blocked country; the error handler answers 451.
    await services.countryCheck.check(request.ip);
  });
}

/** Registered first under /api/v1, so its hook runs for every module's routes. */
export const countryGate = fp(countryGatePlugin, { name: 'country-gate' });
