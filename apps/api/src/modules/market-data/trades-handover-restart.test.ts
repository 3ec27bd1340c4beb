// A writer that dies before any process heard its market topic (ADR 0073, addendum): the lone writer
// restarted, with no spare that followed its topic. A replica that does not write the books holds a
// customer's socket; the writer's last trade commits and never goes out, the writer dies, and a new
// process starts and takes the books over. It heard nothing sent, so it sends again the trades of
// the old writer's last moments (RESEND_WINDOW_MS before its newest): the socket receives the lost
// trade once, and an older trade, sent as usual, is not sent again.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { approvedCustomer } from '../orders/testing/orders-fixtures.ts';
import { RESEND_WINDOW_MS } from './handover.ts';
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

const BUS = { EVENT_BUS: 'postgres' };
let writer: TestApp;
let follower: Replica;
let successor: Replica | undefined;

beforeAll(async () => {
  writer = await startWriter(BUS);
  follower = await startReplica(writer, { ...BUS, SEQUENCER_SHARDS: 'none' });
});
afterAll(async () => {
  await successor?.close();
  await follower?.close();
  await writer?.close();
});

it('sends the last trades of a writer whose topic no process heard, each trade once', async () => {
  const seller = await approvedCustomer(writer, { LTC: '5' });
  const buyer = await approvedCustomer(writer, { USDT: '1000' });
  const sell = (price: string) => ({ symbol: 'LTC/USDT', side: 'sell', price, amount: '1' });
  const buy = (price: string) => ({ symbol: 'LTC/USDT', side: 'buy', price, amount: '1' });
  expect((await placeOn(writer.app, seller.headers, sell('41'))).statusCode).toBe(201);
  const socket = await follow(follower.app, buyer.token, 'market:LTC-USDT');
  expect((await placeOn(writer.app, buyer.headers, buy('41'))).json().data.status).toBe('filled');
  await tradeAt(socket.messages, '41');

  // Later (beyond the window), the writer's last trade commits, and the writer dies before it goes out.
  writer.clock.advance(RESEND_WINDOW_MS * 2);
  silenceMarkets(writer.app);
  expect((await placeOn(writer.app, seller.headers, sell('42'))).statusCode).toBe(201);
  expect((await placeOn(writer.app, buyer.headers, buy('42'))).json().data.status).toBe('filled');
  await killWriter(writer);

  // A new process starts (it reads the trade as stored, and heard no message) and takes the books over.
  writer.clock.advance(1_000);
  successor = await startReplica(writer, BUS);
  expect(successor.app.services.markets.orders.runners.writesNow()).toBe(true);
  await tradeAt(socket.messages, '42');
  expect((await placeOn(successor.app, seller.headers, sell('43'))).statusCode).toBe(201);
  expect((await placeOn(successor.app, buyer.headers, buy('43'))).json().data.status).toBe('filled');
  await tradeAt(socket.messages, '43');
  socket.close();

  const sent = tradesSent(socket.messages).map((trade) => trade.id);
  expect(sent.toSorted()).toEqual(await storedTradeIds(writer, 'LTC/USDT'));
});
