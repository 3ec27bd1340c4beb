// The 24-hour window of real trades and the ticker built from it: open, high and low are the 1D
// chart's candles widened by the trades since they were read, the change runs to the last trade
// when there was one in 24 hours, to the candles' close otherwise (and says so), and volume is never
// synthetic.
import { describe, expect, it } from 'vitest';
import { requireMarket } from '../markets/index.ts';
import { DAY_MS, DayWindow, type PublicPrint } from './day-window.ts';
import { tickerView, type TickerParts } from './views.ts';

const market = requireMarket('LTC/USDT');
/** LTC/USDT prices and amounts in minor units (USDT 6 decimals, LTC 8). */
const usdt = (whole: number) => BigInt(Math.round(whole * 100)) * 10_000n;
const ltc = (whole: number) => BigInt(Math.round(whole * 1000)) * 100_000n;
const T0 = Date.parse('2026-03-01T12:00:00Z');
const MINUTE = 60_000;

let seq = 0n;
const print = (atMs: number, price: number, amount: number): PublicPrint => {
  seq += 1n;
  return { seq, price: usdt(price), quantity: ltc(amount), notional: (usdt(price) * ltc(amount)) / 100_000_000n, atMs };
};

describe('the 24-hour window of trades', () => {
  it('gives the first trade as open, the extremes, the last as close, and the volumes', () => {
    const window = new DayWindow();
    window.add(print(T0, 80, 1));
    window.add(print(T0 + 10 * MINUTE, 95, 2));
    window.add(print(T0 + 10 * MINUTE + 5_000, 70, 0.5));
    window.add(print(T0 + 60 * MINUTE, 82, 1));
    expect(window.stats(T0 + 2 * 3_600_000)).toEqual({
      open: usdt(80),
      high: usdt(95),
      low: usdt(70),
      close: usdt(82),
      volume: ltc(4.5),
      quoteVolume: usdt(80 + 190 + 35 + 82),
      count: 4,
    });
  });

  it('counts a trade once, even when a batch is seen again after the load', () => {
    const window = new DayWindow();
    const first = print(T0, 80, 1);
    window.add(first);
    window.add(first);
    expect(window.stats(T0)?.count).toBe(1);
  });

  it('leaves a trade out 24 hours after its minute, and says so when it evicts', () => {
    const window = new DayWindow();
    window.add(print(T0, 80, 1));
    window.add(print(T0 + 30 * MINUTE, 90, 1));
    expect(window.evict(T0 + DAY_MS)).toBe(false);
    expect(window.stats(T0 + DAY_MS + 59_999)?.open).toBe(usdt(80));
    expect(window.stats(T0 + DAY_MS + MINUTE)?.open).toBe(usdt(90));
    expect(window.evict(T0 + DAY_MS + MINUTE)).toBe(true);
    expect(window.evict(T0 + DAY_MS + 31 * MINUTE)).toBe(true);
    expect(window.stats(T0 + DAY_MS + 31 * MINUTE)).toBeNull();
  });
});

describe('the ticker', () => {
  const base: TickerParts = {
    market,
    lastPrice: null,
    day: null,
    reference: null,
    best: { bid: usdt(79.9), ask: usdt(80.1) },
    referencePrice: usdt(80),
  };

  it('takes open, high and low from the chart’s candles widened by the day’s trades, the change to the last trade', () => {
    const window = new DayWindow();
    window.add(print(T0, 80, 1));
    window.add(print(T0 + MINUTE, 88, 1));
    const ticker = tickerView({
      ...base,
      lastPrice: usdt(88),
      day: window.stats(T0 + MINUTE),
      reference: { open: usdt(50), high: usdt(85), low: usdt(45), close: usdt(60) },
    });
    expect(ticker).toMatchObject({
      lastPrice: '88',
      open24h: '50',
      high24h: '88',
      low24h: '45',
      change24h: '76.00',
      statsSource: 'trades',
      volume24h: '2',
      quoteVolume24h: '168',
      bestBid: '79.9',
      bestAsk: '80.1',
      referencePrice: '80',
    });
  });

  it('keeps the candles’ extremes when the trades stayed inside them, and the trades’ when there are no candles', () => {
    const window = new DayWindow();
    window.add(print(T0, 80, 1));
    window.add(print(T0 + MINUTE, 70, 1));
    const day = window.stats(T0 + MINUTE);
    const inside = tickerView({
      ...base,
      lastPrice: usdt(70),
      day,
      reference: { open: usdt(100), high: usdt(120), low: usdt(60), close: usdt(80) },
    });
    expect(inside).toMatchObject({ open24h: '100', high24h: '120', low24h: '60', change24h: '-30.00' });
    const alone = tickerView({ ...base, lastPrice: usdt(70), day });
    expect(alone).toMatchObject({ open24h: '80', high24h: '80', low24h: '70', change24h: '-12.50' });
  });

  it('without a trade in 24 hours, describes the reference history and keeps zero volume', () => {
    const ticker = tickerView({
      ...base,
      lastPrice: usdt(70),
      reference: { open: usdt(80), high: usdt(90), low: usdt(75), close: usdt(84) },
    });
    expect(ticker).toMatchObject({
      lastPrice: '70',
      open24h: '80',
      high24h: '90',
      low24h: '75',
      change24h: '5.00',
      statsSource: 'reference',
      volume24h: '0',
      quoteVolume24h: '0',
    });
  });

  it('shows no 24-hour figures when there is neither a trade nor a history', () => {
    expect(tickerView(base)).toMatchObject({
      lastPrice: null,
      change24h: null,
      open24h: null,
      high24h: null,
      low24h: null,
      statsSource: null,
      volume24h: '0',
    });
  });
});
