// The writer's side of order forwarding (ADR 0045): POST /internal/v1/orders runs an order or a
// cancel that another API replica received. Served only to callers with this process's own token
// (from `order_writer`, which only processes with the database can read); anyone else, or a caller
// holding a token of a writer that this process no longer is, gets 503 `market_is_unavailable` and
// looks for the writer again. Hidden from the OpenAPI document: it is not part of the public API.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { FORWARD_PATH, type OrdersModule } from './index.ts';

const forwardedKey = z.object({
  userId: z.uuid(),
  key: z.string().min(1).max(255),
  method: z.string().max(10),
  path: z.string().max(200),
  requestHash: z.string().regex(/^[0-9a-f]{64}$/),
});
const forwardedCommand = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('place'),
    userId: z.uuid(),
    body: z.record(z.string(), z.unknown()),
    idempotency: forwardedKey.nullable(),
  }),
  z.object({ op: z.literal('cancel'), userId: z.uuid(), orderId: z.uuid() }),
  z.object({ op: z.literal('rate'), body: z.record(z.string(), z.unknown()) }),
]);

export function ordersInternalRoutes(orders: OrdersModule): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      method: 'POST',
      url: FORWARD_PATH,
      schema: { hide: true, body: forwardedCommand },
      onRequest: async (request) => {
        if (!orders.forwarding.accepts(request.headers.authorization)) throw new AppError('market_is_unavailable');
      },
      handler: async (request) => ({ result: await orders.service.serveForwarded(request.body) }),
    });
  };
}
