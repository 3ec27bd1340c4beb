// Development only (config.devRoutes): GET /dev/markets/book?symbol= compares the runner's book in
// memory with the database's open orders (used by the crash test and by developers). It shows
// counts and differences, never the dark pool's orders themselves outside development. A process that
// does not write the market's shard answers 503 market_is_unavailable: only the writer keeps the book.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketQuerySchema } from '@rora/contracts';
import { AppError } from '../../lib/errors.ts';
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
        const market = requireMarket(request.query.symbol);
        const runner = orders.runners.runner(market);
        await runner.start();
        // Only the shard's writer keeps its book: another replica's is whatever it read last.
        if (!orders.runners.writesNow(market)) {
          const message = `This process does not write the book of ${market.symbol}: audit it on its writer (order_writer)`;
          throw new AppError('market_is_unavailable', { message });
        }
        // Between batches: a batch in flight has changed the book but not yet the database.
        return { data: await runner.whileIdle(() => auditBook(db, runner)) };
      },
    );
  };
}
