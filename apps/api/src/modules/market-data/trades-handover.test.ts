// A market's public trades survive a handover of its books (ADR 0073). Two API replicas on one
// database and an event bus (PostgreSQL LISTEN/NOTIFY, then NATS): the first writes the books, a customer's socket on the
// second follows the market's topic. The writer's last trade commits, but the writer dies before its
// 100 ms flush (its publisher stopped, then its lock session ended as in a kill -9). Once the second
// replica takes the books over, the socket receives that trade in a trades message, and every trade
// exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { approvedCustomer } from '../orders/testing/orders-fixtures.ts';
import {
  follow,
  killWriter,
  placeOn,
  silenceMarkets,
  startReplica,
  startWriter,
  storedTradeIds,
  tradeAt,
  tradesSent,
  type Replica,
} from './testing/replicas.ts';

let first: TestApp;
let second: Replica | undefined;

async function startReplicas(bus: 'postgres' | 'nats'): Promise<void> {
  first = await startWriter({ EVENT_BUS: bus });
  second = await startReplica(first, { EVENT_BUS: bus });
}

async function stopReplicas(): Promise<void> {
  await second?.close();
  await first?.close();
}

describe.each(['postgres', 'nats'] as const)('a takeover of the books over the %s bus', (bus) => {
  beforeAll(() => startReplicas(bus));
  afterAll(stopReplicas);

  it('sends the trades the old writer committed and did not send, each trade once', async () => {
    const seller = await approvedCustomer(first, { LTC: '5' });
    const buyer = await approvedCustomer(first, { USDT: '1000' });
    const sell = (price: string) => ({ symbol: 'LTC/USDT', side: 'sell', price, amount: '1' });
    const buy = (price: string) => ({ symbol: 'LTC/USDT', side: 'buy', price, amount: '1' });
    expect((await placeOn(first.app, seller.headers, sell('41'))).statusCode).toBe(201);
    const socket = await follow(second!.app, buyer.token, 'market:LTC-USDT');

    // A trade the writer sends as usual.
    expect((await placeOn(first.app, buyer.headers, buy('41'))).json().data.status).toBe('filled');
    await tradeAt(socket.messages, '41');

    // The writer's last trade commits; the writer dies before its trades go out.
    silenceMarkets(first.app);
    expect((await placeOn(first.app, seller.headers, sell('42'))).statusCode).toBe(201);
    expect((await placeOn(first.app, buyer.headers, buy('42'))).json().data.status).toBe('filled');
    await killWriter(first);
    expect(tradesSent(socket.messages).some((trade) => trade.price === '42')).toBe(false);

    // The second replica takes the books over a second later (its topic's sequence goes on from the
    // time: the test's clock stands still otherwise), and its topic sends the trade it never saw made.
    first.clock.advance(1_000);
    expect(await second!.app.services.markets.orders.runners.claimWriter()).toBe(true);

    await tradeAt(socket.messages, '42');
    // And a trade of the new writer's own follows as usual.
    expect((await placeOn(second!.app, seller.headers, sell('43'))).statusCode).toBe(201);
    expect((await placeOn(second!.app, buyer.headers, buy('43'))).json().data.status).toBe('filled');
    await tradeAt(socket.messages, '43');
    socket.close();

    const sent = tradesSent(socket.messages).map((trade) => trade.id);
    expect(sent.toSorted()).toEqual(await storedTradeIds(first, 'LTC/USDT'));
  });
});
