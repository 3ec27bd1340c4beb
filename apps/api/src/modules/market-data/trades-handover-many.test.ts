// More trades unsent at a takeover than one message carries (ADR 0073, addendum): two replicas on
// one database and the PostgreSQL bus, the first writes the books and a customer's socket follows
// the market on the second. The writer's last batch makes more than HANDOVER_TRADES trades (one buy
// sweeps that many resting sells), and the writer dies before they go out. The second takes the
// books over and sends them all, oldest first, in several messages of HANDOVER_TRADES at most (each
// newest first, so a client that prepends each list keeps them in order), every trade once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { approvedCustomer, until } from '../orders/testing/orders-fixtures.ts';
import { HANDOVER_TRADES } from './handover.ts';
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
/** Resting sells the last buy takes: more than a message carries. */
const SWEPT = HANDOVER_TRADES + 200;
/** Sellers of those: each places fewer orders than POST /order allows a customer in 10 s (300). */
const SELLERS = 5;
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

it('sends every unsent trade in messages of a bounded size, in order, each trade once', async () => {
  const seller = await approvedCustomer(first, { LTC: '5' });
  const buyer = await approvedCustomer(first, { USDT: '5000' });
  const sell = (price: string, amount: string) => ({ symbol: 'LTC/USDT', side: 'sell', price, amount });
  const buy = (price: string, amount: string) => ({ symbol: 'LTC/USDT', side: 'buy', price, amount });
  expect((await placeOn(first.app, seller.headers, sell('41', '1'))).statusCode).toBe(201);
  const socket = await follow(second.app, buyer.token, 'market:LTC-USDT');
  expect((await placeOn(first.app, buyer.headers, buy('41', '1'))).json().data.status).toBe('filled');
  await tradeAt(socket.messages, '41');

  silenceMarkets(first.app);
  for (let count = 0; count < SELLERS; count += 1) {
    const small = await approvedCustomer(first, { LTC: '10' });
    for (let placed = 0; placed < SWEPT / SELLERS; placed += 40) {
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => placeOn(first.app, small.headers, sell('42', '0.025'))),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    }
  }
  const sweep = await placeOn(first.app, buyer.headers, buy('42', String(SWEPT * 0.025)));
  expect(sweep.json().data.status).toBe('filled');
  await killWriter(first);

  first.clock.advance(1_000);
  expect(await second.app.services.markets.orders.runners.claimWriter()).toBe(true);
  const atSweep = () => tradesSent(socket.messages).filter((trade) => trade.price === '42');
  await until(async () => atSweep().length >= SWEPT, `${SWEPT} trades at 42`);
  expect((await placeOn(second.app, seller.headers, sell('43', '1'))).statusCode).toBe(201);
  expect((await placeOn(second.app, buyer.headers, buy('43', '1'))).json().data.status).toBe('filled');
  await tradeAt(socket.messages, '43');
  socket.close();

  const lists = socket.messages.filter((message) => message.type === 'trades').map((message) => message.data.trades!);
  expect(Math.max(...lists.map((list) => list.length))).toBeLessThanOrEqual(HANDOVER_TRADES);
  // Each list reversed, one after the other: every trade in the order it was made.
  const oldestFirst = lists.flatMap((list) => list.toReversed().map((trade) => trade.sequence));
  expect(oldestFirst).toEqual(oldestFirst.toSorted((a, b) => a - b));
  const sent = tradesSent(socket.messages).map((trade) => trade.id);
  expect(sent.toSorted()).toEqual(await storedTradeIds(first, 'LTC/USDT'));
});
