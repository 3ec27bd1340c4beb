// GET /convert (spec §7: a firm swap quote), GET /swaps and GET /swaps/{id} (the customer's swaps
// with their states). Placing a swap is POST /order with type swap, served by the orders route,
// which hands the body to `services.swap.placeFromOrder` (see index.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  convertQuerySchema,
  swapCalls,
  swapListQuerySchema,
  swapListResponseSchema,
  swapQuoteResponseSchema,
  swapResponseSchema,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { limitPerCustomer } from '../../plugins/rate-limit.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';

const tags = ['swap'];

export const swapRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { quotes, swaps } = services.swap;

  app.route({
    ...routeAddress(swapCalls.convert),
    config: limitPerCustomer(120),
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'A firm swap quote: rate, spread, fee, amount received and expiry',
      querystring: convertQuerySchema,
      response: { 200: swapQuoteResponseSchema },
    },
    handler: async (request) => ({
      data: await quotes.quote({ userId: currentUser(request).userId, ...request.query }),
    }),
  });

  app.route({
    ...routeAddress(swapCalls.listSwaps),
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'The customer’s swaps, newest first, with their states',
      querystring: swapListQuerySchema,
      response: { 200: swapListResponseSchema },
    },
    handler: async (request) => ({ data: await swaps.list(currentUser(request).userId, request.query) }),
  });

  app.route({
    ...routeAddress(swapCalls.getSwap),
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'One of the customer’s swaps',
      params: z.object({ id: z.string().max(100) }),
      response: { 200: swapResponseSchema },
    },
    handler: async (request) => ({ data: await swaps.get(currentUser(request).userId, request.params.id) }),
  });
};
