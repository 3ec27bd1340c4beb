// The market topic's messages (snapshot, then depth / trades / ticker / candles with one sequence)
// folded into the state the screen shows. A message whose sequence does not follow the last one
// means something was missed: the caller subscribes again for a fresh snapshot. Trades are kept
// newest first, as GET /market/trades lists them and as a `trades` message carries a batch.
import type { Candle, Ticker, Trade } from '@rora/contracts';
import { priceKey, type MarketModel } from './market.ts';

export type Level = readonly [price: string, amount: string];

export interface BookState {
  symbol: string;
  sequence: number;
  bids: Level[];
  asks: Level[];
}

export interface StreamState {
  book: BookState;
  trades: Trade[];
  ticker: Ticker | null;
}

export type StreamMessage =
  | {
      type: 'snapshot';
      data: { symbol: string; sequence: number; bids: Level[]; asks: Level[]; trades: Trade[]; ticker: Ticker | null };
    }
  | { type: 'depth'; data: { sequence: number; bids: Level[]; asks: Level[] } }
  | { type: 'trades'; data: { sequence: number; trades: Trade[] } }
  | { type: 'ticker'; data: { sequence: number; ticker: Ticker | null } }
  | { type: 'candles'; data: { sequence: number; candles: Array<Candle & { interval: string }> } };

export const MAX_LEVELS = 50;
export const MAX_TRADES = 60;

/** Applies absolute amounts per price ('0' removes), keeps the side sorted best first and bounded. */
export function applyLevels(market: MarketModel, side: 'bids' | 'asks', levels: Level[], changes: Level[]): Level[] {
  const byPrice = new Map(levels.map((level) => [priceKey(market, level[0]), level]));
  for (const change of changes) {
    const key = priceKey(market, change[0]);
    if (/^0(\.0*)?$/.test(change[1])) byPrice.delete(key);
    else byPrice.set(key, change);
  }
  const sorted = [...byPrice.entries()].sort(([a], [b]) => (a === b ? 0 : a < b === (side === 'asks') ? -1 : 1));
  return sorted.slice(0, MAX_LEVELS).map(([, level]) => level);
}

/** Trades newest first: a batch (itself newest first) goes on top as it came, without repeats. */
export function prependTrades(batch: readonly Trade[], trades: readonly Trade[]): Trade[] {
  const seen = new Set(batch.map((trade) => trade.id));
  return [...batch, ...trades.filter((trade) => !seen.has(trade.id))].slice(0, MAX_TRADES);
}

/**
 * The ticker after a message that may carry none: a snapshot taken before the market's first ticker
 * says null, which must not wipe what REST (or an earlier message) already showed; nor may a ticker
 * without a last price hide the last price already known.
 */
export function mergeTicker(known: Ticker | null, incoming: Ticker | null | undefined): Ticker | null {
  if (!incoming) return known;
  if (incoming.lastPrice === null && known?.lastPrice) return { ...incoming, lastPrice: known.lastPrice };
  return incoming;
}

export type StreamResult = { state: StreamState; gap: false } | { state: StreamState; gap: true };

/**
 * Folds one message into the state. `gap: true` when the message does not follow the last sequence
 * (the state is then unchanged and the caller resubscribes).
 */
export function applyMessage(
  market: MarketModel,
  state: StreamState | null,
  message: StreamMessage,
): StreamResult | null {
  if (message.type === 'snapshot') {
    const { data } = message;
    const book = { symbol: data.symbol, sequence: data.sequence, bids: data.bids, asks: data.asks };
    return {
      state: { book, trades: data.trades, ticker: mergeTicker(state?.ticker ?? null, data.ticker) },
      gap: false,
    };
  }
  if (!state) return null;
  if (message.data.sequence <= state.book.sequence) return { state, gap: false };
  if (message.data.sequence !== state.book.sequence + 1) return { state, gap: true };
  const book = { ...state.book, sequence: message.data.sequence };
  switch (message.type) {
    case 'depth':
      book.bids = applyLevels(market, 'bids', book.bids, message.data.bids);
      book.asks = applyLevels(market, 'asks', book.asks, message.data.asks);
      return { state: { ...state, book }, gap: false };
    case 'trades':
      return { state: { ...state, book, trades: prependTrades(message.data.trades, state.trades) }, gap: false };
    case 'ticker':
      return { state: { ...state, book, ticker: mergeTicker(state.ticker, message.data.ticker) }, gap: false };
    default:
      return { state: { ...state, book }, gap: false };
  }
}

/** A live candle folded into a chart's series: the same bucket replaced, a newer one appended. */
export function mergeCandle(candles: readonly Candle[], candle: Candle): Candle[] {
  const last = candles[candles.length - 1];
  if (!last || candle.time > last.time) return [...candles, candle];
  if (candle.time === last.time) return [...candles.slice(0, -1), candle];
  return [...candles];
}
