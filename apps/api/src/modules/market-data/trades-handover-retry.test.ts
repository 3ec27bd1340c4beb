// A takeover whose reread of the trades fails (ADR 0073, addendum): two replicas on one database and
// the PostgreSQL bus, the first writes the books and a customer's socket follows the market on the
// second. The writer's last trade commits and never goes out; the writer dies. As the second takes
// the books over, the session of its first read of the market's trades is ended by the database (as
// in a restart): it reads again, while it still writes the market, and the socket receives the lost
// trade, then the new writer's own, every trade once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { approvedCustomer } from '../orders/testing/orders-fixtures.ts';
import {
  endSessionOfNext,
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

const BUS = { EVENT_BUS: 'postgres' };
let first: TestApp;
let second: Replica;

beforeAll(async () => {
  first = await startWriter(BUS);
  second = await startReplica(first, BUS);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

it('reads the trades again when its first read fails, and sends the unsent ones, each once', async () => {
  const seller = await approvedCustomer(first, { LTC: '5' });
  const buyer = await approvedCustomer(first, { USDT: '1000' });
  const sell = (price: string) => ({ symbol: 'LTC/USDT', side: 'sell', price, amount: '1' });
  const buy = (price: string) => ({ symbol: 'LTC/USDT', side: 'buy', price, amount: '1' });
  expect((await placeOn(first.app, seller.headers, sell('41'))).statusCode).toBe(201);
  const socket = await follow(second.app, buyer.token, 'market:LTC-USDT');
  expect((await placeOn(first.app, buyer.headers, buy('41'))).json().data.status).toBe('filled');
  await tradeAt(socket.messages, '41');

  silenceMarkets(first.app);
  expect((await placeOn(first.app, seller.headers, sell('42'))).statusCode).toBe(201);
  expect((await placeOn(first.app, buyer.headers, buy('42'))).json().data.status).toBe('filled');
  await killWriter(first);

  // The market's first read of trades on the new writer meets a session the database has ended.
  const ended = endSessionOfNext(
    second.database,
    first.database.pool,
    (text, values) => /FROM order_fills f WHERE f\.pair/.test(text) && values.includes('LTC/USDT'),
  );
  first.clock.advance(1_000);
  expect(await second.app.services.markets.orders.runners.claimWriter()).toBe(true);
  await tradeAt(socket.messages, '42');
  expect(ended()).toBe(1);

  expect((await placeOn(second.app, seller.headers, sell('43'))).statusCode).toBe(201);
  expect((await placeOn(second.app, buyer.headers, buy('43'))).json().data.status).toBe('filled');
  await tradeAt(socket.messages, '43');
  socket.close();
  const sent = tradesSent(socket.messages).map((trade) => trade.id);
  expect(sent.toSorted()).toEqual(await storedTradeIds(first, 'LTC/USDT'));
});
