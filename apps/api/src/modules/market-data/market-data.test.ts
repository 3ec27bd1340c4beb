// Market data over REST on real PostgreSQL: a seeded year of candles for every chart range (and a
// restart that adds only what is missing), the SQL price curve equal to the TypeScript one, the
// ticker whose 24-hour open, high, low and change are the 1D chart's and whose volume is
// real trades only, and query parameters refused with codes that name their rule. The WebSocket topics have
// their own files (market-topic, tickers-topic).
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHART_RANGES } from '@rora/contracts';
import { buildApp } from '../../app.ts';
import { loadTestConfig, type TestApp } from '../../testing/test-app.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  createMarketsTestApp,
  get,
  placeOrder,
} from '../orders/testing/orders-fixtures.ts';
import { curveParams, curvePrice } from '../venues/index.ts';
import { MARKETS } from '../markets/index.ts';
import { seedPriceHistory } from './history-seed.ts';
import { chartDay } from './testing/chart-day.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createMarketsTestApp();
  await seedPriceHistory(t.database, t.clock.now());
});
afterEach(async () => assertOrdersConsistent(t));
afterAll(async () => t.close());

async function candleCount(): Promise<number> {
  const { rows } = await t.database.db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM market_candles`,
  );
  return rows[0]!.count;
}

describe('price history', () => {
  it.each(CHART_RANGES.map((range) => [range.id, range.days] as const))(
    'has candles for the %s range',
    async (range, days) => {
      const response = await get(t, null, `/market/candles?symbol=ETH/USDT&range=${range}`);
      expect(response.statusCode).toBe(200);
      const { interval, candles } = response.json().data;
      const perDay = { '5m': 288, '1h': 24, '1d': 1 }[interval as '5m' | '1h' | '1d'];
      expect(candles.length).toBeGreaterThanOrEqual(days * perDay);
      for (const candle of candles.slice(0, 50)) {
        expect(Number(candle.low)).toBeLessThanOrEqual(Math.min(Number(candle.open), Number(candle.close)));
        expect(Number(candle.high)).toBeGreaterThanOrEqual(Math.max(Number(candle.open), Number(candle.close)));
      }
      const times = candles.map((candle: { time: number }) => candle.time);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    },
  );

  it('adds nothing when seeded again at the same time, and only the new buckets an hour later', async () => {
    const before = await candleCount();
    await seedPriceHistory(t.database, t.clock.now());
    expect(await candleCount()).toBe(before);
    const later = new Date(t.clock.now().getTime() + 3_600_000);
    await seedPriceHistory(t.database, later);
    const newDay = later.getUTCDate() !== t.clock.now().getUTCDate() ? 1 : 0;
    // Per pair: twelve 5-minute buckets, one hourly bucket, and a daily one if the day changed.
    expect(await candleCount()).toBe(before + MARKETS.length * (12 + 1 + newDay));
  });

  it('follows the same curve in SQL and in TypeScript', async () => {
    const curve = curveParams('BTC/USDT');
    for (const at of [0, 1_700_000_000_000, 1_767_225_600_123, 2_000_000_000_000]) {
      const { rows } = await t.database.db.execute<{ price: number }>(sql`
        SELECT market_synthetic_price(${curve.anchor}::float8, ${curve.volatility}::float8, ${curve.phase}::float8,
                                      ${at / 1000}::float8) AS price`);
      expect(Math.abs(rows[0]!.price - curvePrice(curve, at)) / curvePrice(curve, at)).toBeLessThan(1e-12);
    }
  });
});

describe('ticker', () => {
  it('gives the 24-hour range and change of the 1D chart, and the volume of real trades only', async () => {
    const before = (await get(t, null, '/market/ticker?symbol=LTC/USDT')).json().data;
    expect(before).toMatchObject({ lastPrice: null, statsSource: 'reference', volume24h: '0' });
    const { change24h: _, ...range } = await chartDay(t, 'LTC/USDT', '0');
    expect(before).toMatchObject(range);

    const seller = await approvedCustomer(t, { LTC: '10' });
    const buyer = await approvedCustomer(t, { USDT: '1000' });
    await placeOrder(t, seller, { symbol: 'LTC/USDT', side: 'sell', price: '80.25', amount: '2' });
    await placeOrder(t, seller, { symbol: 'LTC/USDT', side: 'sell', price: '88.5', amount: '1' });
    await placeOrder(t, buyer, { symbol: 'LTC/USDT', side: 'buy', orderType: 'market', amount: '1.5' });
    t.clock.advance(5_000);
    await placeOrder(t, buyer, { symbol: 'LTC/USDT', side: 'buy', orderType: 'market', amount: '1' });
    const ticker = (await get(t, null, '/market/ticker?symbol=LTC/USDT')).json().data;
    expect(ticker).toMatchObject({
      symbol: 'LTC/USDT',
      lastPrice: '88.5',
      statsSource: 'trades',
      volume24h: '2.5',
      quoteVolume24h: '204.75',
      bestAsk: '88.5',
    });
    // The 24-hour figures are the 1D chart's: the seeded history and the trades folded into it.
    expect(ticker).toMatchObject(await chartDay(t, 'LTC/USDT', '88.5'));
    expect(Number(ticker.high24h)).toBeGreaterThanOrEqual(88.5);
    expect(Number(ticker.low24h)).toBeLessThanOrEqual(80.25);
    expect(ticker.referencePrice).not.toBeNull();
    const trades = (await get(t, null, '/market/trades?symbol=LTC/USDT')).json().data.items;
    expect(trades.map((trade: { price: string; amount: string }) => [trade.price, trade.amount])).toEqual([
      ['88.5', '0.5'],
      ['80.25', '0.5'],
      ['80.25', '1.5'],
    ]);
    const pairs = (await get(t, null, '/market/pairs')).json().data.items;
    expect(pairs.find((pair: { symbol: string }) => pair.symbol === 'LTC/USDT').ticker).toEqual(ticker);
    await placeOrder(t, buyer, { symbol: 'LTC/USDT', side: 'buy', orderType: 'market', amount: '0.5' });
  });

  it('reads the day’s trades from the database after a restart, as the live feed counted them', async () => {
    const live = (await get(t, null, '/market/ticker?symbol=LTC/USDT')).json().data;
    expect(live).toMatchObject({ volume24h: '3', statsSource: 'trades' });
    const config = loadTestConfig({ MARKET_MAKER: 'off' });
    const restarted = await buildApp({ config, database: t.database, clock: t.clock });
    try {
      const loaded = await restarted.services.markets.marketData.ticker('LTC/USDT');
      expect({ ...loaded, referencePrice: null }).toEqual({ ...live, referencePrice: null });
    } finally {
      await restarted.close();
    }
  });
});

describe('query parameters', () => {
  it.each([
    ['/market/depth?symbol=BTC/USDT&levels=0', 'depth_levels_must_be_from_1_to_200', 'levels'],
    ['/market/depth?symbol=BTC/USDT&levels=201', 'depth_levels_must_be_from_1_to_200', 'levels'],
    ['/market/depth?symbol=BTC/USDT&levels=1.5', 'depth_levels_must_be_from_1_to_200', 'levels'],
    ['/market/depth?symbol=BTC/USDT&levels=ten', 'depth_levels_must_be_from_1_to_200', 'levels'],
    ['/market/depth?symbol=BTC/USDT&levels=', 'depth_levels_must_be_from_1_to_200', 'levels'],
    ['/market/trades?symbol=BTC/USDT&limit=0', 'trades_limit_must_be_from_1_to_200', 'limit'],
    ['/market/trades?symbol=BTC/USDT&limit=1e9', 'trades_limit_must_be_from_1_to_200', 'limit'],
    ['/market/trades?symbol=BTC/USDT&limit=-3', 'trades_limit_must_be_from_1_to_200', 'limit'],
    ['/market/candles?symbol=BTC/USDT&range=2Y', 'chart_range_is_not_listed', 'range'],
    ['/market/candles?symbol=BTC/USDT&range=', 'chart_range_is_not_listed', 'range'],
    ['/market/candles?range=1D', 'pair_is_not_listed', 'symbol'],
    ['/market/ticker?symbol=DOGE/USDT', 'pair_is_not_listed', 'symbol'],
  ])('refuses %s with %s', async (url, code, field) => {
    const response = await get(t, null, url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(code);
    expect(response.json().data[0]).toMatchObject({ code, field });
  });

  it('takes the defaults and the limits themselves', async () => {
    expect((await get(t, null, '/market/depth?symbol=BTC-USDT&levels=200')).statusCode).toBe(200);
    expect((await get(t, null, '/market/trades?symbol=btc_usdt&limit=1')).statusCode).toBe(200);
    expect((await get(t, null, '/market/candles?symbol=BTCUSDT')).json().data).toMatchObject({ range: '1D' });
  });
});
