// Market data on real PostgreSQL: a seeded year of candles for every chart range (and a restart
// that adds only what is missing), the SQL price curve equal to the TypeScript one, the ticker from
// real trades, and the market topic over the WebSocket: a snapshot, then deltas with consecutive
// sequence numbers, never anything of the dark pool.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHART_RANGES, type RealtimeMessage } from '@rora/contracts';
import type { TestApp } from '../../testing/test-app.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  createMarketsTestApp,
  get,
  placeOrder,
} from '../orders/testing/orders-fixtures.ts';
import { curveParams, curvePrice } from '../venues/index.ts';
import { MARKETS } from '../markets/market-specs.ts';
import { seedPriceHistory } from './history-seed.ts';

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
  it('gives the last price and 24-hour volume from real trades, and the change over 24 hours', async () => {
    const seller = await approvedCustomer(t, { LTC: '10' });
    const buyer = await approvedCustomer(t, { USDT: '1000' });
    await placeOrder(t, seller, { symbol: 'LTC/USDT', side: 'sell', price: '80.25', amount: '2' });
    await placeOrder(t, buyer, { symbol: 'LTC/USDT', side: 'buy', orderType: 'market', amount: '1.5' });
    t.clock.advance(5_000);
    const ticker = (await get(t, null, '/market/ticker?symbol=LTC/USDT')).json().data;
    expect(ticker).toMatchObject({
      symbol: 'LTC/USDT',
      lastPrice: '80.25',
      volume24h: '1.5',
      quoteVolume24h: '120.375',
      bestAsk: '80.25',
    });
    expect(ticker.change24h).toMatch(/^-?\d+\.\d{2}$/);
    expect(ticker.referencePrice).not.toBeNull();
    const trades = (await get(t, null, '/market/trades?symbol=LTC/USDT')).json().data.items;
    expect(trades[0]).toMatchObject({ price: '80.25', amount: '1.5', side: 'buy' });
    await placeOrder(t, buyer, { symbol: 'LTC/USDT', side: 'buy', orderType: 'market', amount: '0.5' });
  });
});

describe('the market topic', () => {
  it('sends a snapshot, then depth and trades with consecutive sequence numbers, never the dark pool', async () => {
    const user = await approvedCustomer(t, { USDT: '500000', BTC: '10' });
    const received: RealtimeMessage[] = [];
    const socket = await t.app.injectWS(
      '/api/v1/ws',
      { headers: user.headers },
      {
        onInit: (ws) => ws.on('message', (data) => received.push(JSON.parse(data.toString()) as RealtimeMessage)),
      },
    );
    const waitFor = async (predicate: (message: RealtimeMessage) => boolean) => {
      for (let tries = 0; tries < 100 && !received.some(predicate); tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return received.find(predicate)!;
    };
    socket.send(JSON.stringify({ op: 'subscribe', topic: 'market:BTC-USDT' }));
    const snapshot = await waitFor((message) => message.type === 'snapshot');
    const start = (snapshot.data as { sequence: number }).sequence;
    expect(snapshot.data).toMatchObject({ symbol: 'BTC/USDT', bids: expect.any(Array), asks: expect.any(Array) });

    await placeOrder(t, user, { symbol: 'BTC/USDT', type: 'dark pool', side: 'buy', price: '55555', amount: '2' });
    await placeOrder(t, user, { symbol: 'BTC/USDT', side: 'sell', price: '70000.1', amount: '0.01' });
    const depth = await waitFor((message) => message.type === 'depth');
    expect(depth.data).toMatchObject({ sequence: start + 1, asks: [['70000.1', '0.01']], bids: [] });
    const other = await approvedCustomer(t, { USDT: '1000' });
    await placeOrder(t, other, { symbol: 'BTC/USDT', side: 'buy', orderType: 'market', amount: '0.004' });
    const trades = await waitFor((message) => message.type === 'trades');
    expect(trades.data).toMatchObject({
      sequence: start + 2,
      trades: [expect.objectContaining({ price: '70000.1', amount: '0.004', side: 'buy' })],
    });
    const next = await waitFor(
      (message) => message.type === 'depth' && (message.data as { sequence: number }).sequence > start + 1,
    );
    expect(next.data).toMatchObject({ sequence: start + 3, asks: [['70000.1', '0.006']] });
    expect(JSON.stringify(received.filter((message) => message.channel === 'markets'))).not.toContain('55555');
    socket.terminate();
    const mine = (await get(t, user, '/order?type=open')).json().data.items as Array<{ id: string }>;
    for (const order of mine)
      await t.app.inject({ method: 'DELETE', url: `/api/v1/order/${order.id}`, headers: user.headers });
  });
});
