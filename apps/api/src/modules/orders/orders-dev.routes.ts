// Development only (config.devRoutes): GET /dev/markets/book?symbol= compares the runner's book in
// memory with the database's open orders (used by the crash test and by developers). It shows
// counts and differences, never the dark pool's orders themselves outside development.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketQuerySchema } from '@rora/contracts';
import { requireMarket } from '../markets/index.ts';
import { auditBook } from './book-audit.ts';
import type { OrdersModule } from './index.ts';

const auditSchema = z.object({
  data: z.object({
    symbol: z.string(),
    equal: z.boolean(),
    lit: z.number().int(),
    dark: z.number().int(),
    differences: z.array(z.string()),
  }),
});

export function ordersDevRoutes(orders: OrdersModule, db: Parameters<typeof auditBook>[0]): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/markets/book',
      {
        schema: {
          tags: ['dev'],
          summary: 'Development only: the book in memory against the database',
          querystring: marketQuerySchema,
          response: { 200: auditSchema },
        },
      },
      async (request) => {
        const runner = orders.runners.runner(requireMarket(request.query.symbol));
        await runner.start();
        // Between batches: a batch in flight has changed the book but not yet the database.
        return { data: await runner.whileIdle(() => auditBook(db, runner)) };
      },
    );
  };
}
