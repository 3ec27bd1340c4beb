// The writer's side of public market data for the replicas that do not write the books (ADR 0045):
// POST /internal/v1/market-data answers a snapshot of a market topic, a ticker, the depth or the
// recent trades from this process's feeds, which follow its commits. Served only to callers with
// this process's own writer token (503 to anyone else, and when this process no longer writes).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { MARKET_DATA_PATH, type OrderForwarding } from '../orders/index.ts';
import type { MarketDataService } from './market-data.service.ts';

const symbol = z.string().min(3).max(30);
const query = z.discriminatedUnion('op', [
  z.object({ op: z.literal('snapshot'), topic: z.string().max(40) }),
  z.object({ op: z.literal('ticker'), symbol }),
  z.object({ op: z.literal('depth'), symbol, levels: z.number().int().min(1).max(1_000) }),
  z.object({ op: z.literal('trades'), symbol, limit: z.number().int().min(1).max(1_000) }),
]);

export function marketDataInternalRoutes(data: MarketDataService, forwarding: OrderForwarding): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      method: 'POST',
      url: MARKET_DATA_PATH,
      schema: { hide: true, body: query },
      onRequest: async (request) => {
        if (!forwarding.accepts(request.headers.authorization)) throw new AppError('market_is_unavailable');
      },
      handler: async (request) => ({ result: await data.serveFollower(request.body) }),
    });
  };
}
