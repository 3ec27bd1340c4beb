// The last 24 hours of a market's public trades, folded into one bucket per minute, in memory: the
// ticker's open, high, low, change and volumes come from Rora's real trades (DESIGN §5), and both a
// new trade and the window rolling past an old one are noticed without a query. A day is at most
// 1,441 buckets whatever the trade rate. Loaded once from the database (readDayTrades), then fed by
// the runner's committed batches.
import { bucketStart, type Ohlcv } from '../markets/index.ts';

export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface MinuteBucket extends Ohlcv {
  startMs: number;
}

/** One public trade as the window needs it. */
export interface PublicPrint {
  seq: bigint;
  price: bigint;
  quantity: bigint;
  notional: bigint;
  atMs: number;
}

export type DayStats = Ohlcv;

export const minuteStart = (atMs: number) => Math.floor(atMs / MINUTE_MS) * MINUTE_MS;

/** The first minute inside the 24 hours before `nowMs` (the window is 24 hours to the minute). */
export const windowStart = (nowMs: number) => minuteStart(nowMs - DAY_MS);

/**
 * The first 5-minute candle of the 1D chart and of the ticker's 24-hour range: the bucket that holds
 * the moment 24 hours ago (so it starts at or before windowStart, and every trade of the day window
 * is in a candle from here on).
 */
export const chartDayStart = (nowMs: number) => bucketStart('5m', new Date(nowMs - DAY_MS));

export class DayWindow {
  /** Oldest first. */
  private readonly buckets: MinuteBucket[];
  /** The highest trade sequence folded in: a trade at or below it is already counted. */
  private maxSeq: bigint;

  constructor(buckets: readonly MinuteBucket[] = [], maxSeq = 0n) {
    this.buckets = [...buckets].sort((a, b) => a.startMs - b.startMs);
    this.maxSeq = maxSeq;
  }

  add(print: PublicPrint): void {
    if (print.seq <= this.maxSeq) return;
    this.maxSeq = print.seq;
    const startMs = minuteStart(print.atMs);
    let index = this.buckets.length - 1;
    while (index >= 0 && this.buckets[index]!.startMs > startMs) index -= 1;
    const bucket = this.buckets[index];
    if (bucket?.startMs === startMs) {
      fold(bucket, print);
      return;
    }
    this.buckets.splice(index + 1, 0, {
      startMs,
      open: print.price,
      high: print.price,
      low: print.price,
      close: print.price,
      volume: print.quantity,
      quoteVolume: print.notional,
      count: 1,
    });
  }

  /** Drops the minutes before the window; true when any trade left it (the ticker changed). */
  evict(nowMs: number): boolean {
    const from = windowStart(nowMs);
    let dropped = 0;
    while (dropped < this.buckets.length && this.buckets[dropped]!.startMs < from) dropped += 1;
    this.buckets.splice(0, dropped);
    return dropped > 0;
  }

  /** The trades of the 24 hours before `nowMs`, or null when there were none. */
  stats(nowMs: number): DayStats | null {
    const from = windowStart(nowMs);
    const inside = this.buckets.filter((bucket) => bucket.startMs >= from && bucket.startMs <= nowMs);
    const first = inside[0];
    if (!first) return null;
    const { startMs: _startMs, ...stats }: DayStats & { startMs: number } = { ...first };
    for (const bucket of inside.slice(1)) {
      if (bucket.high > stats.high) stats.high = bucket.high;
      if (bucket.low < stats.low) stats.low = bucket.low;
      stats.close = bucket.close;
      stats.volume += bucket.volume;
      stats.quoteVolume += bucket.quoteVolume;
      stats.count += bucket.count;
    }
    return stats;
  }
}

function fold(bucket: MinuteBucket, print: PublicPrint): void {
  if (print.price > bucket.high) bucket.high = print.price;
  if (print.price < bucket.low) bucket.low = print.price;
  bucket.close = print.price;
  bucket.volume += print.quantity;
  bucket.quoteVolume += print.notional;
  bucket.count += 1;
}
