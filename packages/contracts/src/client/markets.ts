// The markets calls with their schemas, for clients (api-call.ts). Schema-free at run time: a client
// bundle carries each call's method and path, never zod; calls.test.ts checks them against the API's table.
import type { z as zod } from 'zod';
import { typedCall, type EnvelopeData } from '../api-call.ts';
import type {
  alertBodySchema,
  alertListResponseSchema,
  alertSchema,
  candleListSchema,
  candlesQuerySchema,
  depthQuerySchema,
  depthSchema,
  marketQuerySchema,
  marketsResponseSchema,
  orderListQuerySchema,
  orderListSchema,
  orderRateBodySchema,
  orderRateSchema,
  orderSchema,
  pageQuerySchema,
  shareOfferSchema,
  tickerSchema,
  tradeOrderBodySchema,
  tradesQuerySchema,
  tradesResponseSchema,
  venueFavouriteBodySchema,
  venuesResponseSchema,
  walletIdParamsSchema,
} from '../index.ts';

/** The same calls with their schemas, for clients (api-call.ts). */
export const marketsApi = {
  placeOrder: typedCall<{ body: typeof tradeOrderBodySchema; response: typeof orderSchema }>({
    method: 'POST',
    path: '/order',
  }),
  orderRate: typedCall<{ body: typeof orderRateBodySchema; response: typeof orderRateSchema }>({
    method: 'POST',
    path: '/order/rate',
  }),
  listOrders: typedCall<{ query: typeof orderListQuerySchema; response: typeof orderListSchema }>({
    method: 'GET',
    path: '/order',
  }),
  cancelOrder: typedCall<{ params: typeof walletIdParamsSchema; response: typeof orderSchema }>({
    method: 'DELETE',
    path: '/order/{id}',
  }),
  createAlert: typedCall<{ body: typeof alertBodySchema; response: typeof alertSchema }>({
    method: 'POST',
    path: '/alert',
  }),
  listAlerts: typedCall<{ query: typeof pageQuerySchema; response: EnvelopeData<typeof alertListResponseSchema> }>({
    method: 'GET',
    path: '/alert',
  }),
  deleteAlert: typedCall<{ params: typeof walletIdParamsSchema; response: zod.ZodUnknown }>({
    method: 'DELETE',
    path: '/alert/{id}',
  }),
  markets: typedCall<{ response: EnvelopeData<typeof marketsResponseSchema> }>({
    method: 'GET',
    path: '/market/pairs',
  }),
  shareOffer: typedCall<{ response: typeof shareOfferSchema }>({ method: 'GET', path: '/market/share-offer' }),
  ticker: typedCall<{ query: typeof marketQuerySchema; response: typeof tickerSchema }>({
    method: 'GET',
    path: '/market/ticker',
  }),
  depth: typedCall<{ query: typeof depthQuerySchema; response: typeof depthSchema }>({
    method: 'GET',
    path: '/market/depth',
  }),
  trades: typedCall<{ query: typeof tradesQuerySchema; response: EnvelopeData<typeof tradesResponseSchema> }>({
    method: 'GET',
    path: '/market/trades',
  }),
  candles: typedCall<{ query: typeof candlesQuerySchema; response: typeof candleListSchema }>({
    method: 'GET',
    path: '/market/candles',
  }),
  venues: typedCall<{ query: typeof marketQuerySchema; response: EnvelopeData<typeof venuesResponseSchema> }>({
    method: 'GET',
    path: '/market/venues',
  }),
  setVenueFavourite: typedCall<{ body: typeof venueFavouriteBodySchema; response: zod.ZodUnknown }>({
    method: 'PUT',
    path: '/market/venues/favourite',
  }),
};
