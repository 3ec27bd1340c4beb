// How pairs, candle intervals and the public market topics are named and spelled. Plain code, apart
// from the market schemas that use them (market-data.ts, market-topics.ts), so the exchange screen
// does not download zod with them; apart from markets.ts too, which the login page downloads (ADR 0072).
import { PAIRS, type PairSymbol } from './markets.ts';

/** 'BTC/USDT', 'BTC-USDT', 'btc_usdt' or 'BTCUSDT' -> 'BTC/USDT'; null for a pair Rora does not list. */
export function parsePairSymbol(text: string): PairSymbol | null {
  const compact = text
    .trim()
    .toUpperCase()
    .replace(/[-/_ ]/g, '');
  return PAIRS.find((pair) => `${pair.base}${pair.quote}` === compact)?.symbol ?? null;
}

/** The form used in topics and file names: 'BTC/USDT' -> 'BTC-USDT'. */
export const pairSlug = (symbol: string) => symbol.replace('/', '-');

export const CANDLE_INTERVALS = ['5m', '1h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
/** Which bucket each chart range draws. */
export const RANGE_INTERVALS: Record<string, CandleInterval> = {
  '1D': '5m',
  '1W': '1h',
  '1M': '1h',
  '3M': '1d',
  '6M': '1d',
  '1Y': '1d',
  ATH: '1d',
};

/** The public market topics of the WebSocket; their messages are the schemas of market-topics.ts. */
export const marketTopics = {
  /** One pair: `snapshot`, then `depth`, `trades`, `ticker` and `candles`, one sequence. */
  market: (symbol: string) => `market:${pairSlug(symbol)}`,
  /**
   * Every pair at once: `snapshot` (every pair's ticker and each platform's price for it), then
   * `tickers` with the pairs whose ticker or platform prices changed, at most about once a second.
   */
  tickers: 'markets:tickers',
} as const;
