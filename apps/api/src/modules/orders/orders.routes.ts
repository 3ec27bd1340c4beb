// Routes of spec §7 "Orders and market" for orders: POST /order (market, limit and dark-pool buy
// and sell; swap is served by the swap context through the same call), POST /order/rate, GET /order,
// and GET / DELETE /order/{id}. Placing needs an Idempotency-Key and approved KYC (in the service,
// after validation, so a malformed order answers its rule first).
import type { FastifyReply } from 'fastify';
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
import { ANSWER_CONTENT_TYPE } from '../../plugins/idempotency.ts';
import { limitPerCustomer } from '../../plugins/rate-limit.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { OrdersService, PlacedAnswer } from './orders.service.ts';

const tags = ['orders'];
const orderIdParams = z.object({ id: z.string().max(100) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A placed order's answer: as stored under its key, byte for byte, so a retry's replay is the same. */
function sendPlaced(reply: FastifyReply, placed: PlacedAnswer) {
  if ('answer' in placed)
    return reply
      .code(201)
      .type(ANSWER_CONTENT_TYPE)
      .send(placed.answer as never);
  return reply.code(201).send({ data: placed.data } as never);
}

export function ordersRoutes(orders: OrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.setValidatorCompiler(accountRouteValidator);
    const ownId = (id: string) => (UUID.test(id) ? id.toLowerCase() : '00000000-0000-0000-0000-000000000000');

    app.route({
      ...routeAddress(marketsCalls.placeOrder),
      // The key commits with the order (ADR 0013); swaps and external platforms claim it first.
      config: { idempotent: 'with-effect', recoverIdempotent: orders.recover, ...limitPerCustomer(300, '10 seconds') },
      schema: {
        tags,
        summary: 'Place a market, limit or dark-pool order (or a swap: type swap)',
        body: placeOrderBodySchema,
        response: { 201: z.union([orderResponseSchema, swapResponseSchema]) },
      },
      preHandler: app.authenticate,
      handler: async (request, reply) => {
        const identity = currentUser(request);
        const placed = await orders.place({
          userId: identity.userId,
          kycApproved: identity.kycApproved === true,
          body: request.body,
          idempotency: request.idempotency,
        });
        return sendPlaced(reply, placed);
      },
    });

    app.route({
      ...routeAddress(marketsCalls.orderRate),
      config: limitPerCustomer(120, '1 minute'),
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
      config: limitPerCustomer(120, '10 seconds'),
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
