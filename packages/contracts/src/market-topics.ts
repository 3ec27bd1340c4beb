// The public market topics of the WebSocket (subscribe with `{op:'subscribe', topic}`), channel
// `markets`. Each topic numbers its messages with one `sequence` that grows by one per message. The
// first message a subscriber gets is a `snapshot` carrying the sequence it matches; the topic's
// next message has sequence + 1, and applying the messages in order keeps the subscriber's copy
// equal to the server's. A sequence that skips one means something was missed: unsubscribe and
// subscribe again for a fresh snapshot.
import { z } from 'zod';
import {
  CANDLE_INTERVALS,
  candleSchema,
  depthLevelSchema,
  pairSlug,
  tickerSchema,
  tradeSchema,
  venueSchema,
} from './market-data.ts';

export const marketTopics = {
  /** One pair: `snapshot`, then `depth`, `trades`, `ticker` and `candles`, one sequence. */
  market: (symbol: string) => `market:${pairSlug(symbol)}`,
  /**
   * Every pair at once: `snapshot` (every pair's ticker and each platform's price for it), then
   * `tickers` with the pairs whose ticker or platform prices changed, at most about once a second.
   */
  tickers: 'markets:tickers',
} as const;

const sequenced = { symbol: z.string(), sequence: z.number().int() };
const event = <Type extends string, Data extends z.ZodType>(type: Type, data: Data) =>
  z.object({ channel: z.literal('markets'), type: z.literal(type), data });

/**
 * Market topic, first message: the best DEPTH_STREAM_LEVELS levels per side, the 50 latest trades
 * (newest first) and the ticker (never null: it is computed for the snapshot), as of `sequence`.
 */
export const marketSnapshotEventSchema = event(
  'snapshot',
  z.object({
    ...sequenced,
    bids: z.array(depthLevelSchema),
    asks: z.array(depthLevelSchema),
    trades: z.array(tradeSchema),
    ticker: tickerSchema,
  }),
);
/**
 * The levels that changed since the topic's previous depth state, as absolute amounts per price;
 * amount '0' removes the level. Only the best DEPTH_STREAM_LEVELS levels per side are maintained.
 */
export const depthEventSchema = event(
  'depth',
  z.object({ ...sequenced, bids: z.array(depthLevelSchema), asks: z.array(depthLevelSchema) }),
);
/**
 * One committed batch's public trades, NEWEST FIRST: the order of GET /market/trades and of the
 * snapshot's trades, so a client prepends the list as it comes.
 */
export const tradesEventSchema = event('trades', z.object({ ...sequenced, trades: z.array(tradeSchema) }));
/**
 * The whole ticker, replacing the previous one. Sent after trades, when the best bid or ask moves,
 * and when the 24-hour window drops old trades in a quiet market.
 */
export const tickerEventSchema = event('ticker', z.object({ ...sequenced, ticker: tickerSchema }));
export const liveCandleSchema = candleSchema.extend({ interval: z.enum(CANDLE_INTERVALS) });
/** The current bucket of each interval after trades: replace the chart's bucket of the same time. */
export const candlesEventSchema = event('candles', z.object({ ...sequenced, candles: z.array(liveCandleSchema) }));

/** One platform's price for a pair, as GET /market/venues gives it (without fees and favourites). */
export const venuePriceSchema = venueSchema.pick({ id: true, price: true, bid: true, ask: true, available: true });
export type VenuePrice = z.infer<typeof venuePriceSchema>;
/** One pair on the all-pairs topic: its ticker and every platform's price, default platform first. */
export const pairTickerSchema = z.object({
  symbol: z.string(),
  ticker: tickerSchema,
  venues: z.array(venuePriceSchema),
});
export type PairTicker = z.infer<typeof pairTickerSchema>;
/** All-pairs topic, first message: every listed pair. */
export const tickersSnapshotEventSchema = event(
  'snapshot',
  z.object({ sequence: z.number().int(), items: z.array(pairTickerSchema) }),
);
/** The pairs that changed since the previous message, each whole (replace the pair's entry). */
export const tickersEventSchema = event(
  'tickers',
  z.object({ sequence: z.number().int(), items: z.array(pairTickerSchema) }),
);

/** Any `markets` channel message; the schemas above give each type's exact shape. */
export const marketEventSchema = z.object({
  channel: z.literal('markets'),
  type: z.enum(['snapshot', 'depth', 'trades', 'ticker', 'candles', 'tickers']),
  data: z.object({ symbol: z.string().optional(), sequence: z.number().int() }).passthrough(),
});
