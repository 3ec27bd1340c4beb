// Market data (spec §7, DESIGN §5): the pairs with their tickers, one ticker, Rora's public order book
// (lit only: never the dark pool), recent trades, candles for the chart ranges, the platforms with
// their prices and fees, the customer's favourite platforms, and the public WebSocket topics that
// stream them. Prices are quote units per whole base unit and amounts base units, as decimal
// strings. A query parameter that breaks its rule answers a catalogued code naming that rule.
import { z as zod } from 'zod';
import { CANDLE_INTERVALS, CHART_RANGES, VENUES, parsePairSymbol } from './constants/index.ts';
import type { ErrorCode } from './errors/index.ts';
import { queryNumber } from './schemas/common.ts';
import { envelope, type AccountCall } from './user.ts';

type VenueIdText = (typeof VENUES)[number]['id'];
export const VENUE_IDS = VENUES.map((venue) => venue.id) as [VenueIdText, ...VenueIdText[]];

/** A listed pair in any of parsePairSymbol's spellings. */
export const pairSymbolTextSchema = zod
  .string({ error: 'pair_is_not_listed' })
  .max(20, { error: 'pair_is_not_listed' })
  .refine((value) => parsePairSymbol(value) !== null, { error: 'pair_is_not_listed' });

/** Most levels per side GET /market/depth answers; the market topic keeps the best DEPTH_STREAM_LEVELS. */
export const DEPTH_MAX_LEVELS = 200;
export const DEPTH_STREAM_LEVELS = 50;
export const TRADES_MAX_LIMIT = 200;

/** A whole number from 1 to max (default when absent); anything else answers `code`. */
const count = (code: ErrorCode, max: number, fallback: number) =>
  queryNumber(
    zod.number({ error: code }).int({ error: code }).min(1, { error: code }).max(max, { error: code }),
    code,
  ).default(fallback);

export const marketQuerySchema = zod.object({ symbol: pairSymbolTextSchema });
export const depthQuerySchema = marketQuerySchema.extend({
  levels: count('depth_levels_must_be_from_1_to_200', DEPTH_MAX_LEVELS, DEPTH_STREAM_LEVELS),
});
export const tradesQuerySchema = marketQuerySchema.extend({
  limit: count('trades_limit_must_be_from_1_to_200', TRADES_MAX_LIMIT, 50),
});
const CHART_RANGE_IDS = CHART_RANGES.map((range) => range.id) as [string, ...string[]];
export const candlesQuerySchema = marketQuerySchema.extend({
  range: zod.enum(CHART_RANGE_IDS, { error: 'chart_range_is_not_listed' }).default('1D'),
});

const decimal = zod.string();
const timestamp = zod.iso.datetime();

/** [price, amount] */
export const depthLevelSchema = zod.tuple([decimal, decimal]);
export const depthSchema = zod.object({
  symbol: zod.string(),
  /**
   * The market topic's sequence this book matches: the best DEPTH_STREAM_LEVELS levels are exactly
   * what a subscriber holds after the topic's message of this sequence, so the topic's deltas apply
   * from sequence + 1. Deeper levels are the same moment's book; deltas do not maintain them.
   */
  sequence: zod.number().int(),
  bids: zod.array(depthLevelSchema),
  asks: zod.array(depthLevelSchema),
});
export type Depth = zod.infer<typeof depthSchema>;

export const tradeSchema = zod.object({
  id: zod.uuid(),
  sequence: zod.number().int(),
  price: decimal,
  amount: decimal,
  /** The taker's side: buy means the price was lifted. */
  side: zod.enum(['buy', 'sell']),
  createdAt: timestamp,
});
export type Trade = zod.infer<typeof tradeSchema>;

/**
 * What a ticker's 24-hour change runs to. The open, high and low are always those of the candles
 * the 1D chart draws over the same window (from the 5-minute bucket that holds 24 hours ago): the
 * price history and Rora's trades folded into it, so the ticker never contradicts the chart.
 * `trades`: Rora traded in the last 24 hours; the change runs from the window's open to lastPrice.
 * `reference`: there was no trade on Rora in 24 hours; the change runs to the latest candle's close,
 * the volumes stay zero and lastPrice stays the last real trade. null: neither exists.
 */
export const TICKER_STATS_SOURCES = ['trades', 'reference'] as const;

export const tickerSchema = zod.object({
  symbol: zod.string(),
  /** The last public trade on Rora's book, however old; null before the first. */
  lastPrice: decimal.nullable(),
  /**
   * Percent, two decimals ('-1.25'), against open24h: of lastPrice when statsSource is `trades`, of
   * the reference history's latest close when it is `reference`; null without an open.
   */
  change24h: decimal.nullable(),
  open24h: decimal.nullable(),
  high24h: decimal.nullable(),
  low24h: decimal.nullable(),
  statsSource: zod.enum(TICKER_STATS_SOURCES).nullable(),
  /** Base traded on Rora in 24 hours (real trades only). */
  volume24h: decimal,
  /** Quote traded on Rora in 24 hours (real trades only). */
  quoteVolume24h: decimal,
  bestBid: decimal.nullable(),
  bestAsk: decimal.nullable(),
  /** The reference price from the platforms. */
  referencePrice: decimal.nullable(),
});
export type Ticker = zod.infer<typeof tickerSchema>;

export const candleSchema = zod.object({
  /** Start of the bucket, seconds since 1970 (what lightweight-charts takes). */
  time: zod.number().int(),
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: decimal,
});
export type Candle = zod.infer<typeof candleSchema>;
export const candleListSchema = zod.object({
  symbol: zod.string(),
  range: zod.string(),
  interval: zod.enum(CANDLE_INTERVALS),
  candles: zod.array(candleSchema),
});

export const marketSchema = zod.object({
  symbol: zod.string(),
  base: zod.string(),
  quote: zod.string(),
  tick: decimal,
  lot: decimal,
  minNotional: decimal,
  darkPoolMinNotional: decimal.nullable(),
  ticker: tickerSchema,
});
export type Market = zod.infer<typeof marketSchema>;

/** Spec §3 exchange platform: name, logo, taker and maker fee, price, favourite flag. */
export const venueSchema = zod.object({
  id: zod.string(),
  name: zod.string(),
  logo: zod.string(),
  default: zod.boolean(),
  takerFeeBps: zod.number().int(),
  makerFeeBps: zod.number().int(),
  /** Percent, as the spec lists them: '0.5'. */
  takerFee: decimal,
  makerFee: decimal,
  price: decimal.nullable(),
  bid: decimal.nullable(),
  ask: decimal.nullable(),
  favourite: zod.boolean(),
  available: zod.boolean(),
});
export type Venue = zod.infer<typeof venueSchema>;

/** PUT /market/venues/favourite: mark a platform as one of the customer's favourites, or not. */
export const venueFavouriteBodySchema = zod.object({
  venue: zod.enum(VENUE_IDS, { error: 'venue_is_not_listed' }),
  favourite: zod.boolean({ error: 'favourite_must_be_boolean' }),
});
export type VenueFavouriteBody = zod.input<typeof venueFavouriteBodySchema>;
/** The customer's favourite platforms, in the platforms' list order. */
export const venueFavouritesSchema = zod.object({ items: zod.array(zod.enum(VENUE_IDS)) });

export const depthResponseSchema = envelope(depthSchema);
/** Newest first. */
export const tradesResponseSchema = envelope(zod.object({ symbol: zod.string(), items: zod.array(tradeSchema) }));
export const tickerResponseSchema = envelope(tickerSchema);
export const candlesResponseSchema = envelope(candleListSchema);
export const marketsResponseSchema = envelope(zod.object({ items: zod.array(marketSchema) }));
export const venuesResponseSchema = envelope(zod.object({ symbol: zod.string(), items: zod.array(venueSchema) }));
export const venueFavouritesResponseSchema = envelope(venueFavouritesSchema);

const signedIn: ErrorCode[] = ['authentication_required', 'session_expired'];

/** GET /market/share-offer: Rora's share offer (SPEC §9) with the address that receives payment. */
export const shareOfferSchema = zod.object({
  pricePerShareGbp: zod.string(),
  asset: zod.string(),
  /** Network id (`usdt-erc20`) and its name as people know it. */
  network: zod.string(),
  networkName: zod.string(),
  address: zod.string(),
});
export type ShareOffer = zod.infer<typeof shareOfferSchema>;
export const shareOfferResponseSchema = envelope(shareOfferSchema);

export const marketDataCalls = {
  markets: { method: 'GET', path: '/market/pairs', auth: false, errors: ['too_many_requests'] },
  shareOffer: { method: 'GET', path: '/market/share-offer', auth: false, errors: ['too_many_requests'] },
  ticker: { method: 'GET', path: '/market/ticker', auth: false, errors: ['pair_is_not_listed', 'too_many_requests'] },
  depth: {
    method: 'GET',
    path: '/market/depth',
    auth: false,
    errors: ['pair_is_not_listed', 'depth_levels_must_be_from_1_to_200', 'too_many_requests'],
  },
  trades: {
    method: 'GET',
    path: '/market/trades',
    auth: false,
    errors: ['pair_is_not_listed', 'trades_limit_must_be_from_1_to_200', 'too_many_requests'],
  },
  candles: {
    method: 'GET',
    path: '/market/candles',
    auth: false,
    errors: ['pair_is_not_listed', 'chart_range_is_not_listed', 'too_many_requests'],
  },
  venues: {
    method: 'GET',
    path: '/market/venues',
    auth: true,
    errors: [...signedIn, 'pair_is_not_listed', 'too_many_requests'],
  },
  venueFavourites: {
    method: 'GET',
    path: '/market/venues/favourite',
    auth: true,
    errors: [...signedIn, 'too_many_requests'],
  },
  setVenueFavourite: {
    method: 'PUT',
    path: '/market/venues/favourite',
    auth: true,
    errors: [...signedIn, 'venue_is_not_listed', 'favourite_must_be_boolean'],
  },
} as const satisfies Record<string, AccountCall>;
