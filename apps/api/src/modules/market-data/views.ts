// Market data as the API shows it: candles with seconds timestamps (what lightweight-charts takes),
// a percent change with two decimals, and the ticker from its parts.
import type { Candle, Ticker } from '@rora/contracts';
import { formatAmount, mulDiv } from '@rora/money';
import { formatBase, formatPrice, type Market } from '../markets/index.ts';
import type { DayStats } from './day-window.ts';
import type { CandleRow, ReferenceStats } from './market-data.repository.ts';

export function candleView(market: Market, row: CandleRow): Candle {
  return {
    time: Math.floor(row.bucket.getTime() / 1000),
    open: formatPrice(market, row.open),
    high: formatPrice(market, row.high),
    low: formatPrice(market, row.low),
    close: formatPrice(market, row.close),
    volume: formatBase(market, row.volume),
  };
}

/** (now - before) / before in percent, two decimals, rounded half-even; null without a base. */
export function percentChange(now: bigint, before: bigint | null): string | null {
  if (before === null || before <= 0n) return null;
  const hundredths = mulDiv(now - before, 10_000n, before, 'half-even');
  return formatAmount(hundredths, 2, { decimals: 2, rounding: 'half-even' });
}

export interface TickerParts {
  market: Market;
  /** The last public trade, however old. */
  lastPrice: bigint | null;
  /** Rora's trades of the last 24 hours; null when there were none. */
  day: DayStats | null;
  /**
   * The 5-minute candles of the 1D chart's window (from the bucket that holds 24 hours ago), as read
   * at the start of that window: the seeded reference history and the real trades folded into it.
   */
  reference: ReferenceStats | null;
  best: { bid: bigint | null; ask: bigint | null };
  referencePrice: bigint | null;
}

/**
 * The 24-hour open, high and low are those of the candles the 1D chart draws over the same window
 * (contract: TICKER_STATS_SOURCES): the candles as read, widened by the trades since (every trade
 * of the window is in a candle of it, so the union is exactly the chart's range). The change runs from that open to the
 * last trade when the market traded in the window, else to the candles' latest close, and says
 * which (statsSource). Volume is Rora's real trades only: never synthetic.
 */
export function tickerView(parts: TickerParts): Ticker {
  const { market, lastPrice, day, reference, best } = parts;
  const price = (value: bigint | null | undefined) =>
    value === null || value === undefined ? null : formatPrice(market, value);
  const stats = merged(reference, day);
  const changeFrom = day ? (lastPrice ?? day.close) : (reference?.close ?? null);
  return {
    symbol: market.symbol,
    lastPrice: price(lastPrice),
    change24h: changeFrom === null || !stats ? null : percentChange(changeFrom, stats.open),
    open24h: price(stats?.open),
    high24h: price(stats?.high),
    low24h: price(stats?.low),
    statsSource: day ? 'trades' : reference ? 'reference' : null,
    volume24h: formatBase(market, day?.volume ?? 0n),
    quoteVolume24h: formatAmount(day?.quoteVolume ?? 0n, market.quoteScale),
    bestBid: price(best.bid),
    bestAsk: price(best.ask),
    referencePrice: price(parts.referencePrice),
  };
}

/** The chart window's candles widened by the trades since they were read. */
function merged(candles: ReferenceStats | null, day: DayStats | null): ReferenceStats | null {
  if (!candles) return day;
  if (!day) return candles;
  return {
    open: candles.open,
    high: day.high > candles.high ? day.high : candles.high,
    low: day.low < candles.low ? day.low : candles.low,
    close: day.close,
  };
}
