// The market topic over a real WebSocket on the real app: a snapshot with a computed ticker, then
// depth, trades (newest first, as REST lists them), ticker and candles, every message the next
// sequence number and shaped as the contract says; a ticker when the best bid moves without a
// trade and when the 24-hour window rolls over in a quiet market; never anything of the dark pool.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  candlesEventSchema,
  depthEventSchema,
  marketSnapshotEventSchema,
  tickerEventSchema,
  tradesEventSchema,
  type RealtimeMessage,
} from '@rora/contracts';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  createMarketsTestApp,
  get,
  placeOrder,
} from '../orders/testing/orders-fixtures.ts';
import { seedPriceHistory } from './history-seed.ts';
import { chartDay } from './testing/chart-day.ts';
import { marketMessages, openSocket, sequenceGaps, type TestSocket } from './testing/ws-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createMarketsTestApp();
  await seedPriceHistory(t.database, t.clock.now());
});
afterEach(async () => assertOrdersConsistent(t));
afterAll(async () => t.close());

const schemas: Record<string, { parse(value: unknown): unknown }> = {
  snapshot: marketSnapshotEventSchema,
  depth: depthEventSchema,
  trades: tradesEventSchema,
  ticker: tickerEventSchema,
  candles: candlesEventSchema,
};
const dataOf = <T>(message: RealtimeMessage) => message.data as T & { sequence: number };
type TickerData = { ticker: Record<string, string | null> };

async function subscribe(user: TestUser, symbol: string): Promise<{ socket: TestSocket; start: number }> {
  const socket = await openSocket(t, user);
  socket.send({ op: 'subscribe', topic: `market:${symbol.replace('/', '-')}` });
  const snapshot = await socket.waitFor('snapshot', (message) => message.type === 'snapshot');
  return { socket, start: dataOf(snapshot).sequence };
}

/** Every message of the pair's stream is whole (consecutive) and matches its contract schema. */
function expectWholeStream(socket: TestSocket, symbol: string) {
  const messages = marketMessages(socket, symbol);
  expect(messages[0]?.type).toBe('snapshot');
  expect(sequenceGaps(messages)).toEqual([]);
  for (const message of messages) schemas[message.type]!.parse(message);
}

async function cancelOpenOrders(user: TestUser) {
  const mine = (await get(t, user, '/order?type=open')).json().data.items as Array<{ id: string }>;
  for (const order of mine)
    await t.app.inject({ method: 'DELETE', url: `/api/v1/order/${order.id}`, headers: user.headers });
}

describe('the market topic', () => {
  it('starts with a snapshot whose ticker is computed, then depth and trades, never the dark pool', async () => {
    const user = await approvedCustomer(t, { USDT: '500000', BTC: '10' });
    const { socket, start } = await subscribe(user, 'BTC/USDT');
    const snapshot = socket.received.find((message) => message.type === 'snapshot')!;
    expect(snapshot.data).toMatchObject({ symbol: 'BTC/USDT', bids: [], asks: [], trades: [] });
    // No trade yet: the ticker shows the reference history (seeded), with zero volume.
    expect(dataOf<TickerData>(snapshot).ticker).toMatchObject({
      symbol: 'BTC/USDT',
      lastPrice: null,
      statsSource: 'reference',
      volume24h: '0',
    });

    await placeOrder(t, user, { symbol: 'BTC/USDT', type: 'dark pool', side: 'buy', price: '55555', amount: '2' });
    await placeOrder(t, user, { symbol: 'BTC/USDT', side: 'sell', price: '70000.1', amount: '0.01' });
    const depth = await socket.waitFor('depth', (message) => message.type === 'depth');
    expect(depth.data).toMatchObject({ sequence: start + 1, asks: [['70000.1', '0.01']], bids: [] });
    const other = await approvedCustomer(t, { USDT: '1000' });
    await placeOrder(t, other, { symbol: 'BTC/USDT', side: 'buy', orderType: 'market', amount: '0.004' });
    const trades = await socket.waitFor('trades', (message) => message.type === 'trades');
    expect(trades.data).toMatchObject({
      trades: [expect.objectContaining({ price: '70000.1', amount: '0.004', side: 'buy' })],
    });
    await socket.waitFor('depth after the trade', (message) => JSON.stringify(message.data).includes('0.006'));
    expectWholeStream(socket, 'BTC/USDT');
    expect(JSON.stringify(marketMessages(socket, 'BTC/USDT'))).not.toContain('55555');
    socket.close();
    await cancelOpenOrders(user);
  });

  it('sends a sweep’s trades newest first, as GET /market/trades lists them, then the ticker and candles', async () => {
    const seller = await approvedCustomer(t, { ETH: '1' });
    const buyer = await approvedCustomer(t, { USDT: '2000' });
    for (const price of ['2500', '2500.01', '2500.02'])
      await placeOrder(t, seller, { symbol: 'ETH/USDT', side: 'sell', price, amount: '0.1' });
    const { socket } = await subscribe(buyer, 'ETH/USDT');
    await placeOrder(t, buyer, { symbol: 'ETH/USDT', side: 'buy', orderType: 'market', amount: '0.3' });

    const trades = dataOf<{ trades: Array<{ id: string; price: string; sequence: number }> }>(
      await socket.waitFor('trades', (message) => message.type === 'trades'),
    ).trades;
    expect(trades.map((trade) => trade.price)).toEqual(['2500.02', '2500.01', '2500']);
    expect(trades[0]!.sequence).toBeGreaterThan(trades[2]!.sequence);
    const rest = (await get(t, null, '/market/trades?symbol=ETH/USDT&limit=3')).json().data.items;
    expect(rest.map((trade: { id: string }) => trade.id)).toEqual(trades.map((trade) => trade.id));

    const ticker = await socket.waitFor(
      'ticker after the sweep',
      (message) => message.type === 'ticker' && dataOf<TickerData>(message).ticker.lastPrice === '2500.02',
    );
    expect(dataOf<TickerData>(ticker).ticker).toMatchObject({
      statsSource: 'trades',
      volume24h: '0.3',
      bestAsk: null,
      ...(await chartDay(t, 'ETH/USDT', '2500.02')),
    });
    const candles = dataOf<{ candles: Array<{ interval: string; close: string; volume: string }> }>(
      await socket.waitFor('candles', (message) => message.type === 'candles'),
    ).candles;
    expect(candles.map((candle) => candle.interval).sort()).toEqual(['1d', '1h', '5m']);
    expect(candles.every((candle) => candle.close === '2500.02')).toBe(true);
    expectWholeStream(socket, 'ETH/USDT');
    socket.close();
  });

  it('sends a ticker when the best bid moves without a trade, and when it moves back', async () => {
    const user = await approvedCustomer(t, { USDT: '1000' });
    const { socket } = await subscribe(user, 'SOL/USDT');
    const bestBids = () =>
      marketMessages(socket, 'SOL/USDT')
        .filter((message) => message.type === 'ticker')
        .map((message) => dataOf<TickerData>(message).ticker.bestBid);
    const waitForBid = (bid: string) => socket.waitFor(`ticker with best bid ${bid}`, () => bestBids().at(-1) === bid);

    await placeOrder(t, user, { symbol: 'SOL/USDT', side: 'buy', price: '150', amount: '1' });
    await waitForBid('150');
    const higher = (await placeOrder(t, user, { symbol: 'SOL/USDT', side: 'buy', price: '150.5', amount: '1' })).json()
      .data;
    await waitForBid('150.5');
    await t.app.inject({ method: 'DELETE', url: `/api/v1/order/${higher.id}`, headers: user.headers });
    await waitForBid('150');
    expect(marketMessages(socket, 'SOL/USDT').some((message) => message.type === 'trades')).toBe(false);
    expectWholeStream(socket, 'SOL/USDT');
    socket.close();
    await cancelOpenOrders(user);
  });

  it('sends a ticker when the day’s trades leave the 24-hour window in a quiet market', async () => {
    const seller = await approvedCustomer(t, { XRP: '100' });
    const buyer = await approvedCustomer(t, { USDT: '100' });
    const { socket } = await subscribe(buyer, 'XRP/USDT');
    await placeOrder(t, seller, { symbol: 'XRP/USDT', side: 'sell', price: '0.5', amount: '20' });
    await placeOrder(t, buyer, { symbol: 'XRP/USDT', side: 'buy', orderType: 'market', amount: '20' });
    const traded = await socket.waitFor(
      'ticker after the trade',
      (message) => message.type === 'ticker' && dataOf<TickerData>(message).ticker.volume24h === '20',
    );
    expect(dataOf<TickerData>(traded).ticker).toMatchObject({ statsSource: 'trades', lastPrice: '0.5' });
    // The trade's candles go out too, before or after its ticker (each has its own throttle). From
    // then on the market is quiet: what follows is the window rolling over.
    await socket.waitFor('candles', (message) => message.type === 'candles');
    const quietFrom = Math.max(...marketMessages(socket, 'XRP/USDT').map((message) => dataOf(message).sequence));

    t.clock.advance(86_400_000 + 60_000);
    await seedPriceHistory(t.database, t.clock.now()); // the reference history moves on with time
    await t.app.services.markets.marketData.tick(); // what the once-a-second timer does
    // A ticker sent before the trade (a busy machine can send one when the resting sell moves the
    // best ask) has no volume either: only one after the quiet mark counts.
    const rolled = await socket.waitFor(
      'ticker after the window rolled',
      (message) =>
        message.type === 'ticker' &&
        dataOf(message).sequence > quietFrom &&
        dataOf<TickerData>(message).ticker.volume24h === '0',
    );
    expect(dataOf<TickerData>(rolled).ticker).toMatchObject({ lastPrice: '0.5', statsSource: 'reference' });
    expect((await get(t, null, '/market/ticker?symbol=XRP/USDT')).json().data).toMatchObject({
      lastPrice: '0.5',
      volume24h: '0',
      statsSource: 'reference',
    });
    expectWholeStream(socket, 'XRP/USDT');
    socket.close();
  });

  it('answers a subscription to a pair that is not listed with topic_not_found', async () => {
    const user = await approvedCustomer(t, {});
    const socket = await openSocket(t, user);
    socket.send({ op: 'subscribe', topic: 'market:FAKE-COIN' });
    const refused = await socket.waitFor('the refusal', (message) => message.type === 'error');
    expect(refused.data).toMatchObject({ code: 'topic_not_found' });
    socket.close();
  });
});
