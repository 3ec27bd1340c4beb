// Market data routes: the pairs with their tickers, one ticker, depth (lit book only), recent trades,
// candles for a chart range, the venues (spec "platforms") with price, fees and favourite flag, and
// the customer's favourite platforms. Public data answers without sign-in; the venues carry the
// customer's favourites, so they need it. Every address, schema and error comes from the contract.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  candlesQuerySchema,
  candlesResponseSchema,
  depthQuerySchema,
  depthResponseSchema,
  marketDataCalls,
  marketQuerySchema,
  marketsResponseSchema,
  shareOfferResponseSchema,
  type ShareOffer,
  tickerResponseSchema,
  tradesQuerySchema,
  tradesResponseSchema,
  venueFavouriteBodySchema,
  venueFavouritesResponseSchema,
  venuesResponseSchema,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { limitPerCustomer } from '../../plugins/rate-limit.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { MarketDataService } from './market-data.service.ts';

const tags = ['market data'];
const publicLimit = { rateLimit: { max: 600, timeWindow: '1 minute' } };

export function marketDataRoutes(data: MarketDataService, offer: () => ShareOffer): FastifyPluginAsyncZod {
  return async (app) => {
    app.setValidatorCompiler(accountRouteValidator);
    // The feeds' timer (started with the server) stops with the app.
    app.addHook('onClose', async () => data.stop());

    app.route({
      ...routeAddress(marketDataCalls.markets),
      config: publicLimit,
      schema: { tags, summary: 'The eight pairs with their tickers', response: { 200: marketsResponseSchema } },
      handler: async () => ({ data: { items: await data.markets() } }),
    });

    app.route({
      ...routeAddress(marketDataCalls.shareOffer),
      config: publicLimit,
      schema: {
        tags,
        summary: "Rora's share offer: price per share, payment asset and network, and the receiving address",
        response: { 200: shareOfferResponseSchema },
      },
      handler: async () => ({ data: offer() }),
    });

    app.route({
      ...routeAddress(marketDataCalls.ticker),
      config: publicLimit,
      schema: {
        tags,
        summary: 'Last price, 24-hour change, range and volume',
        querystring: marketQuerySchema,
        response: { 200: tickerResponseSchema },
      },
      handler: async (request) => ({ data: await data.ticker(request.query.symbol) }),
    });

    app.route({
      ...routeAddress(marketDataCalls.depth),
      config: publicLimit,
      schema: {
        tags,
        summary: "Rora's public order book (never the dark pool), as of the market topic's sequence",
        querystring: depthQuerySchema,
        response: { 200: depthResponseSchema },
      },
      handler: async (request) => ({ data: await data.depth(request.query.symbol, request.query.levels) }),
    });

    app.route({
      ...routeAddress(marketDataCalls.trades),
      config: publicLimit,
      schema: {
        tags,
        summary: 'Recent public trades, newest first',
        querystring: tradesQuerySchema,
        response: { 200: tradesResponseSchema },
      },
      handler: async (request) => ({ data: await data.trades(request.query.symbol, request.query.limit) }),
    });

    app.route({
      ...routeAddress(marketDataCalls.candles),
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
      ...routeAddress(marketDataCalls.venues),
      config: limitPerCustomer(600),
      schema: {
        tags,
        summary: 'The seven platforms with price and fees, default first',
        querystring: marketQuerySchema,
        response: { 200: venuesResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request) => ({
        data: await data.venues(request.query.symbol, currentUser(request).userId),
      }),
    });

    app.route({
      ...routeAddress(marketDataCalls.venueFavourites),
      config: limitPerCustomer(600),
      schema: {
        tags,
        summary: "The customer's favourite platforms",
        response: { 200: venueFavouritesResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request) => ({ data: { items: await data.favouriteVenues(currentUser(request).userId) } }),
    });

    app.route({
      ...routeAddress(marketDataCalls.setVenueFavourite),
      schema: {
        tags,
        summary: 'Mark a platform as a favourite, or not; answers the favourites',
        body: venueFavouriteBodySchema,
        response: { 200: venueFavouritesResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request) => {
        const items = await data.setFavouriteVenue({ userId: currentUser(request).userId, ...request.body });
        return { data: { items } };
      },
    });
  };
}
