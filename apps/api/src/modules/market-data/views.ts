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
  /** The reference history's last 24 hours: used only when `day` is null. */
  reference: ReferenceStats | null;
  best: { bid: bigint | null; ask: bigint | null };
  referencePrice: bigint | null;
}

/**
 * Real trades first (DESIGN §5: last price and 24-hour figures come from trades). A market that did
 * not trade for a day shows how the reference price moved instead, says so (statsSource), and keeps
 * zero volume: volume is never synthetic.
 */
export function tickerView(parts: TickerParts): Ticker {
  const { market, lastPrice, day, best } = parts;
  const price = (value: bigint | null | undefined) =>
    value === null || value === undefined ? null : formatPrice(market, value);
  const reference = day ? null : parts.reference;
  const stats = day ?? reference;
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
