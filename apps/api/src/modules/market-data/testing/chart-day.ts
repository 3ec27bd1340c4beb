// What the 1D chart shows for a market over REST: the open of its first candle, the highest high and
// the lowest low, and the change from that open to a last price: the ticker's 24-hour figures must
// equal these (contract: TICKER_STATS_SOURCES).
import type { TestApp } from '../../../testing/test-app.ts';
import { get } from '../../orders/testing/orders-fixtures.ts';

type Candle = Record<'open' | 'high' | 'low', string>;

export async function chartDay(t: TestApp, symbol: string, last: string) {
  const response = await get(t, null, `/market/candles?symbol=${symbol}&range=1D`);
  const candles = response.json().data.candles as Candle[];
  const extreme = (pick: 'high' | 'low', beats: (a: number, b: number) => boolean) =>
    candles.reduce(
      (best, candle) => (beats(Number(candle[pick]), Number(best)) ? candle[pick] : best),
      candles[0]![pick],
    );
  const open = candles[0]!.open;
  const change = (((Number(last) - Number(open)) / Number(open)) * 100).toFixed(2);
  return {
    open24h: open,
    high24h: extreme('high', (a, b) => a > b),
    low24h: extreme('low', (a, b) => a < b),
    change24h: change === '-0.00' ? '0.00' : change,
  };
}
