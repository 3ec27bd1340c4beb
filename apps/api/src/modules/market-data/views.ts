// Market data as the API shows it: candles with seconds timestamps (what lightweight-charts takes)
// and a percent change with two decimals.
import type { Candle } from '@rora/contracts';
import { formatAmount, mulDiv } from '@rora/money';
import { formatBase, formatPrice, type Market } from '../markets/market-specs.ts';
import type { CandleRow } from './market-data.repository.ts';

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
