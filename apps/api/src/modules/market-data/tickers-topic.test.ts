// The all-pairs topic (markets:tickers) over a real WebSocket: a snapshot of every pair's ticker and
// each platform's price on subscribe, then `tickers` messages with just the pairs that changed (a
// trade, a platform's price moving), consecutive sequence numbers, shaped as the contract says.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PAIRS,
  VENUES,
  marketTopics,
  tickersEventSchema,
  tickersSnapshotEventSchema,
  type PairTicker,
  type RealtimeMessage,
} from '@rora/contracts';
import type { TestApp } from '../../testing/test-app.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  createMarketsTestApp,
  placeOrder,
} from '../orders/testing/orders-fixtures.ts';
import { seedPriceHistory } from './history-seed.ts';
import { marketMessages, openSocket, sequenceGaps } from './testing/ws-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createMarketsTestApp();
  await seedPriceHistory(t.database, t.clock.now());
});
afterEach(async () => assertOrdersConsistent(t));
afterAll(async () => t.close());

const itemsOf = (message: RealtimeMessage) => (message.data as { items: PairTicker[] }).items;
const tick = () => t.app.services.markets.marketData.tick();

describe('the all-pairs topic', () => {
  it('starts with every pair’s ticker and each platform’s price, then sends the pairs that change', async () => {
    const user = await approvedCustomer(t, { USDT: '1000' });
    const seller = await approvedCustomer(t, { BNB: '5' });
    const socket = await openSocket(t, user);
    socket.send({ op: 'subscribe', topic: marketTopics.tickers });
    const snapshot = tickersSnapshotEventSchema.parse(
      await socket.waitFor('snapshot', (message) => message.type === 'snapshot'),
    );
    expect(snapshot.data.items.map((item) => item.symbol)).toEqual(PAIRS.map((pair) => pair.symbol));
    for (const item of snapshot.data.items) {
      expect(item.ticker.symbol).toBe(item.symbol);
      expect(item.venues.map((venue) => venue.id)).toEqual(VENUES.map((venue) => venue.id));
      expect(item.venues.filter((venue) => venue.id !== 'rora').every((venue) => venue.price !== null)).toBe(true);
    }

    // Nothing changed: the timer sends nothing.
    await tick();
    await socket.drain();
    expect(marketMessages(socket)).toHaveLength(1);

    await placeOrder(t, seller, { symbol: 'BNB/USDT', side: 'sell', price: '600', amount: '1' });
    await placeOrder(t, user, { symbol: 'BNB/USDT', side: 'buy', orderType: 'market', amount: '0.5' });
    await tick();
    const traded = await socket.waitFor('tickers after the trade', (message) => message.type === 'tickers');
    tickersEventSchema.parse(traded);
    expect(itemsOf(traded).map((item) => item.symbol)).toEqual(['BNB/USDT']);
    expect(itemsOf(traded)[0]!.ticker).toMatchObject({ lastPrice: '600', volume24h: '0.5', statsSource: 'trades' });
    expect(itemsOf(traded)[0]!.venues[0]).toMatchObject({ id: 'rora', price: '600' });

    // The platforms' prices move with time: every pair changes.
    t.clock.advance(60_000);
    await tick();
    const moved = await socket.waitFor(
      'tickers after the platforms moved',
      (message) => message.type === 'tickers' && message !== traded,
    );
    expect(itemsOf(moved)).toHaveLength(PAIRS.length);
    const before = snapshot.data.items.find((item) => item.symbol === 'BTC/USDT')!;
    const after = itemsOf(moved).find((item) => item.symbol === 'BTC/USDT')!;
    expect(after.venues.map((venue) => venue.price)).not.toEqual(before.venues.map((venue) => venue.price));
    expect(sequenceGaps(marketMessages(socket))).toEqual([]);
    socket.close();
    await placeOrder(t, user, { symbol: 'BNB/USDT', side: 'buy', orderType: 'market', amount: '0.5' });
  });

  it('gives a later subscriber the pairs as last sent, so the next message applies on top', async () => {
    const user = await approvedCustomer(t);
    const first = await openSocket(t, user);
    first.send({ op: 'subscribe', topic: marketTopics.tickers });
    await first.waitFor('snapshot', (message) => message.type === 'snapshot');
    t.clock.advance(60_000);
    const second = await openSocket(t, user);
    second.send({ op: 'subscribe', topic: marketTopics.tickers });
    const snapshot = await second.waitFor('snapshot', (message) => message.type === 'snapshot');
    // The second snapshot refreshed first: the first subscriber got that change as a message.
    const change = await first.waitFor('tickers', (message) => message.type === 'tickers');
    expect((change.data as { sequence: number }).sequence).toBe((snapshot.data as { sequence: number }).sequence);
    expect(itemsOf(snapshot)).toEqual(
      itemsOf(first.received.find((message) => message.type === 'snapshot')!).map(
        (item) => itemsOf(change).find((changed) => changed.symbol === item.symbol) ?? item,
      ),
    );
    first.close();
    second.close();
  });
});
