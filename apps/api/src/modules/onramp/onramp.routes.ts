// POST /order/init (spec §7: starts an on-ramp purchase; the answer opens the provider's widget) and
// GET /onramp/purchases/{id} (where a purchase stands, for the screen that opened the widget).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onrampCalls, onrampInitBodySchema, onrampPurchaseResponseSchema } from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { limitPerCustomer } from '../../plugins/rate-limit.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';

const tags = ['onramp'];

export const onrampRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { service } = services.onramp;

  app.route({
    ...routeAddress(onrampCalls.init),
    config: { idempotent: true, recoverIdempotent: service.recover, ...limitPerCustomer(20) },
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'Start a card purchase: answers the provider widget to open',
      body: onrampInitBodySchema,
      response: { 201: onrampPurchaseResponseSchema },
    },
    handler: async (request, reply) => {
      const userId = currentUser(request).userId;
      const purchase = await service.init({ userId, body: request.body, claimId: request.idempotencyClaim });
      return reply.code(201).send({ data: purchase });
    },
  });

  app.route({
    ...routeAddress(onrampCalls.getPurchase),
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'One of the customer’s card purchases',
      params: z.object({ id: z.string().max(100) }),
      response: { 200: onrampPurchaseResponseSchema },
    },
    handler: async (request) => ({ data: await service.get(currentUser(request).userId, request.params.id) }),
  });
};
