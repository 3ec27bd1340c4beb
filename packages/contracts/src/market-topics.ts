// The public market topics of the WebSocket (subscribe with `{op:'subscribe', topic}`), channel
// `markets`. Each topic numbers its messages with one `sequence` that grows by one per message. The
// first message a subscriber gets is a `snapshot` carrying the sequence it matches; the topic's
// next message has sequence + 1, and applying the messages in order keeps the subscriber's copy
// equal to the server's. A sequence that skips one means something was missed: unsubscribe and
// subscribe again for a fresh snapshot. When another process takes the market's books over, the
// sequence jumps (a gap) and its first `trades` messages carry every trade that may not have been
// sent, oldest message first (each newest first, at most 1,000 trades), then the new writer's own;
// they may repeat trades already sent or shown in a snapshot, with the same id: keep trades by id.
// The topic names are `marketTopics` (constants/markets.ts).
import { z as zod } from 'zod';
import { CANDLE_INTERVALS } from './constants/index.ts';
import { candleSchema, depthLevelSchema, tickerSchema, tradeSchema, venueSchema } from './market-data.ts';

const sequenced = { symbol: zod.string(), sequence: zod.number().int() };
const event = <Type extends string, Data extends zod.ZodType>(type: Type, data: Data) =>
  zod.object({ channel: zod.literal('markets'), type: zod.literal(type), data });

/**
 * Market topic, first message: the best DEPTH_STREAM_LEVELS levels per side, the 50 latest trades
 * (newest first) and the ticker (never null: it is computed for the snapshot), as of `sequence`.
 */
export const marketSnapshotEventSchema = event(
  'snapshot',
  zod.object({
    ...sequenced,
    bids: zod.array(depthLevelSchema),
    asks: zod.array(depthLevelSchema),
    trades: zod.array(tradeSchema),
    ticker: tickerSchema,
  }),
);
/**
 * The levels that changed since the topic's previous depth state, as absolute amounts per price;
 * amount '0' removes the level. Only the best DEPTH_STREAM_LEVELS levels per side are maintained.
 */
export const depthEventSchema = event(
  'depth',
  zod.object({ ...sequenced, bids: zod.array(depthLevelSchema), asks: zod.array(depthLevelSchema) }),
);
/**
 * The public trades of the batches committed in the last 100 ms, NEWEST FIRST: the order of GET
 * /market/trades and of the snapshot's trades, so a client prepends the list as it comes. After a
 * takeover of the books (a sequence jump) the trades it may not have sent come in several messages,
 * older ones first, and a trade may come again, with the same `id`: skip it.
 */
export const tradesEventSchema = event('trades', zod.object({ ...sequenced, trades: zod.array(tradeSchema) }));
/**
 * The whole ticker, replacing the previous one. Sent after trades, when the best bid or ask moves,
 * and when the 24-hour window drops old trades in a quiet market.
 */
export const tickerEventSchema = event('ticker', zod.object({ ...sequenced, ticker: tickerSchema }));
export const liveCandleSchema = candleSchema.extend({ interval: zod.enum(CANDLE_INTERVALS) });
/** The current bucket of each interval after trades: replace the chart's bucket of the same time. */
export const candlesEventSchema = event('candles', zod.object({ ...sequenced, candles: zod.array(liveCandleSchema) }));

/** One platform's price for a pair, as GET /market/venues gives it (without fees and favourites). */
export const venuePriceSchema = venueSchema.pick({ id: true, price: true, bid: true, ask: true, available: true });
export type VenuePrice = zod.infer<typeof venuePriceSchema>;
/** One pair on the all-pairs topic: its ticker and every platform's price, default platform first. */
export const pairTickerSchema = zod.object({
  symbol: zod.string(),
  ticker: tickerSchema,
  venues: zod.array(venuePriceSchema),
});
export type PairTicker = zod.infer<typeof pairTickerSchema>;
/** All-pairs topic, first message: every listed pair. */
export const tickersSnapshotEventSchema = event(
  'snapshot',
  zod.object({ sequence: zod.number().int(), items: zod.array(pairTickerSchema) }),
);
/** The pairs that changed since the previous message, each whole (replace the pair's entry). */
export const tickersEventSchema = event(
  'tickers',
  zod.object({ sequence: zod.number().int(), items: zod.array(pairTickerSchema) }),
);

/** Any `markets` channel message; the schemas above give each type's exact shape. */
export const marketEventSchema = zod.object({
  channel: zod.literal('markets'),
  type: zod.enum(['snapshot', 'depth', 'trades', 'ticker', 'candles', 'tickers']),
  data: zod.object({ symbol: zod.string().optional(), sequence: zod.number().int() }).passthrough(),
});
