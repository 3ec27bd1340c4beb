// Market data routes: the pairs with their tickers, one ticker, depth (lit book only), recent trades,
// candles for a chart range, and the venues (spec "platforms") with price, fees and favourite flag.
// Public data answers without sign-in; the venues carry the customer's favourites, so they need it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VENUE_IDS,
  candlesQuerySchema,
  candlesResponseSchema,
  depthQuerySchema,
  depthResponseSchema,
  marketQuerySchema,
  marketsCalls,
  marketsResponseSchema,
  successResponseSchema,
  tickerResponseSchema,
  tradesQuerySchema,
  tradesResponseSchema,
  venuesResponseSchema,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { MarketDataService } from './market-data.service.ts';

const tags = ['market data'];
const publicLimit = { rateLimit: { max: 600, timeWindow: '1 minute' } };
const favouriteBodySchema = z.object({
  venue: z.enum(VENUE_IDS, { error: 'venue_is_not_listed' }),
  favourite: z.boolean(),
});

export function marketDataRoutes(data: MarketDataService): FastifyPluginAsyncZod {
  return async (app) => {
    app.setValidatorCompiler(accountRouteValidator);

    app.route({
      ...routeAddress(marketsCalls.markets),
      config: publicLimit,
      schema: { tags, summary: 'The eight pairs with their tickers', response: { 200: marketsResponseSchema } },
      handler: async () => ({ data: { items: await data.markets() } }),
    });

    app.route({
      ...routeAddress(marketsCalls.ticker),
      config: publicLimit,
      schema: {
        tags,
        summary: 'Last price, 24-hour change and volume',
        querystring: marketQuerySchema,
        response: { 200: tickerResponseSchema },
      },
      handler: async (request) => ({ data: await data.ticker(request.query.symbol) }),
    });

    app.route({
      ...routeAddress(marketsCalls.depth),
      config: publicLimit,
      schema: {
        tags,
        summary: "Rora's public order book (never the dark pool)",
        querystring: depthQuerySchema,
        response: { 200: depthResponseSchema },
      },
      handler: async (request) => ({ data: data.depth(request.query.symbol, request.query.levels) }),
    });

    app.route({
      ...routeAddress(marketsCalls.trades),
      config: publicLimit,
      schema: {
        tags,
        summary: 'Recent public trades, newest first',
        querystring: tradesQuerySchema,
        response: { 200: tradesResponseSchema },
      },
      handler: async (request) => {
        const { symbol, limit } = request.query;
        return { data: { symbol: data.depth(symbol, 1).symbol, items: data.trades(symbol, limit) } };
      },
    });

    app.route({
      ...routeAddress(marketsCalls.candles),
      config: publicLimit,
      schema: {
        tags,
        summary: 'Candles for a chart range (1D 1W 1M 3M 6M 1Y ATH)',
        querystring: candlesQuerySchema,
        response: { 200: candlesResponseSchema },
      },
      handler: async (request) => ({ data: await data.candles(request.query.symbol, request.query.range) }),
    });
  };
}

/** The platforms with the customer's favourites, and marking one as a favourite. */
export function venueRoutes(data: MarketDataService): FastifyPluginAsyncZod {
  return async (app) => {
    app.setValidatorCompiler(accountRouteValidator);
    app.route({
      ...routeAddress(marketsCalls.venues),
      config: publicLimit,
      schema: {
        tags,
        summary: 'The seven platforms with price and fees, default first',
        querystring: marketQuerySchema,
        response: { 200: venuesResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request) => {
        const items = await data.venues(request.query.symbol, currentUser(request).userId);
        return { data: { symbol: data.depth(request.query.symbol, 1).symbol, items } };
      },
    });

    app.route({
      method: 'PUT',
      url: '/market/venues/favourite',
      schema: {
        tags,
        summary: 'Mark a platform as a favourite, or not',
        body: favouriteBodySchema,
        response: { 200: successResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request) => {
        await data.setFavouriteVenue({ userId: currentUser(request).userId, ...request.body });
        return { data: { success: true as const } };
      },
    });
  };
}
