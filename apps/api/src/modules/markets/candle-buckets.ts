// The chart's buckets: 5-minute, hourly and daily candles, aligned to UTC, and how one batch of
// public trades folds into them. Shared by the order runner (which writes them with its fills) and
// the market data module (which reads and streams them).
import { CANDLE_INTERVALS, type CandleInterval } from '@rora/contracts';

export const INTERVAL_MS: Record<CandleInterval, number> = {
  '5m': 5 * 60_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
};

export function bucketStart(interval: CandleInterval, at: Date): Date {
  const size = INTERVAL_MS[interval];
  return new Date(Math.floor(at.getTime() / size) * size);
}

export interface TradePrint {
  price: bigint;
  quantity: bigint;
  notional: bigint;
}

/** Open, high, low, close, volumes and number of trades of a span of time. */
export interface Ohlcv {
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  quoteVolume: bigint;
  count: number;
}

export interface CandleFold extends Ohlcv {
  interval: CandleInterval;
  bucket: Date;
}

/** The trades of one moment (a batch commits at one time) folded into one candle per interval. */
export function foldTrades(trades: readonly TradePrint[], at: Date): CandleFold[] {
  const first = trades[0];
  if (!first) return [];
  let high = first.price;
  let low = first.price;
  let volume = 0n;
  let quoteVolume = 0n;
  for (const trade of trades) {
    if (trade.price > high) high = trade.price;
    if (trade.price < low) low = trade.price;
    volume += trade.quantity;
    quoteVolume += trade.notional;
  }
  const close = trades[trades.length - 1]!.price;
  return CANDLE_INTERVALS.map((interval) => ({
    interval,
    bucket: bucketStart(interval, at),
    open: first.price,
    high,
    low,
    close,
    volume,
    quoteVolume,
    count: trades.length,
  }));
}
