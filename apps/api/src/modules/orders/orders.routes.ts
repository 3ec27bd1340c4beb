// Routes of spec §7 "Orders and market" for orders: POST /order (market, limit and dark-pool buy
// and sell; swap is served by the swap context through the same call), POST /order/rate, GET /order,
// and GET / DELETE /order/{id}. Placing needs an Idempotency-Key and approved KYC (in the service,
// after validation, so a malformed order answers its rule first).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  marketsCalls,
  orderListQuerySchema,
  orderListResponseSchema,
  orderRateBodySchema,
  orderRateResponseSchema,
  orderResponseSchema,
  placeOrderBodySchema,
  swapResponseSchema,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { OrdersService } from './orders.service.ts';

const tags = ['orders'];
const orderIdParams = z.object({ id: z.string().max(100) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Per session (the bearer token), so customers behind one address do not share a budget. */
const perSession = (max: number, timeWindow: string) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (request: { headers: { authorization?: string }; ip: string }) =>
      request.headers.authorization ?? request.ip,
  },
});

export function ordersRoutes(orders: OrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.setValidatorCompiler(accountRouteValidator);
    const ownId = (id: string) => (UUID.test(id) ? id.toLowerCase() : '00000000-0000-0000-0000-000000000000');

    app.route({
      ...routeAddress(marketsCalls.placeOrder),
      config: { idempotent: true, ...perSession(300, '10 seconds') },
      schema: {
        tags,
        summary: 'Place a market, limit or dark-pool order (or a swap: type swap)',
        body: placeOrderBodySchema,
        response: { 201: z.union([orderResponseSchema, swapResponseSchema]) },
      },
      preHandler: app.authenticate,
      handler: async (request, reply) => {
        const data = await orders.place({ userId: currentUser(request).userId, body: request.body });
        return reply.code(201).send({ data } as never);
      },
    });

    app.route({
      ...routeAddress(marketsCalls.orderRate),
      config: perSession(120, '1 minute'),
      schema: {
        tags,
        summary: 'What an order would cost now',
        body: orderRateBodySchema,
        response: { 200: orderRateResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request) => ({ data: await orders.rate({ body: request.body }) }),
    });

    app.route({
      ...routeAddress(marketsCalls.listOrders),
      schema: {
        tags,
        summary: "The customer's orders with their fills",
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request) => ({
        data: await orders.list({ userId: currentUser(request).userId, query: request.query }),
      }),
    });

    app.route({
      ...routeAddress(marketsCalls.getOrder),
      schema: {
        tags,
        summary: 'One order with its fills',
        params: orderIdParams,
        response: { 200: orderResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request) => ({
        data: await orders.get({ userId: currentUser(request).userId, orderId: ownId(request.params.id) }),
      }),
    });

    app.route({
      ...routeAddress(marketsCalls.cancelOrder),
      config: perSession(120, '10 seconds'),
      schema: {
        tags,
        summary: 'Cancel an open order; its remaining hold is returned',
        params: orderIdParams,
        response: { 200: orderResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request) => ({
        data: await orders.cancel({ userId: currentUser(request).userId, orderId: ownId(request.params.id) }),
      }),
    });
  };
}
