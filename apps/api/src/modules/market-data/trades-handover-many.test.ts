// More trades unsent at a takeover than one message carries (ADR 0073, addendum): two replicas on
// one database and the PostgreSQL bus, the first writes the books and a customer's socket follows
// the market on the second. The writer's last batch makes more than HANDOVER_TRADES trades (one buy
// sweeps that many resting sells), and the writer dies before they go out. The second takes the
// books over and sends them all, oldest first, in several messages of HANDOVER_TRADES at most (each
// newest first, so a client that prepends each list keeps them in order), every trade once.
import { expect, it } from 'vitest';
import { approvedCustomer, until } from '../orders/testing/orders-fixtures.ts';
import { HANDOVER_TRADES } from './handover.ts';
import {
  expectEveryTradeOnce,
  followPastFirstTrade,
  ltcTraders,
  writerAndReplica,
} from './testing/handover-fixtures.ts';
import { killWriter, placeOn, silenceMarkets, tradeAt, tradesSent } from './testing/replicas.ts';

/** Resting sells the last buy takes: more than a message carries. */
const SWEPT = HANDOVER_TRADES + 200;
/** Sellers of those: each places fewer orders than POST /order allows a customer in 10 s (300). */
const SELLERS = 5;
const replicas = writerAndReplica({ EVENT_BUS: 'postgres' });
const order = (side: 'buy' | 'sell', price: string, amount: string) => ({ symbol: 'LTC/USDT', side, price, amount });

it('sends every unsent trade in messages of a bounded size, in order, each trade once', async () => {
  const { first, second } = replicas;
  const traders = await ltcTraders(first, '5000');
  const socket = await followPastFirstTrade(traders, first.app, second.app);

  silenceMarkets(first.app);
  for (let count = 0; count < SELLERS; count += 1) {
    const small = await approvedCustomer(first, { LTC: '10' });
    for (let placed = 0; placed < SWEPT / SELLERS; placed += 40) {
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => placeOn(first.app, small.headers, order('sell', '42', '0.025'))),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    }
  }
  const sweep = await placeOn(first.app, traders.buyer.headers, order('buy', '42', String(SWEPT * 0.025)));
  expect(sweep.json().data.status).toBe('filled');
  await killWriter(first);

  first.clock.advance(1_000);
  expect(await second.app.services.markets.orders.runners.claimWriter()).toBe(true);
  const atSweep = () => tradesSent(socket.messages).filter((trade) => trade.price === '42');
  await until(async () => atSweep().length >= SWEPT, `${SWEPT} trades at 42`);
  await traders.trade(second.app, '43');
  await tradeAt(socket.messages, '43');
  const lists = socket.messages.filter((message) => message.type === 'trades').map((message) => message.data.trades!);
  expect(Math.max(...lists.map((list) => list.length))).toBeLessThanOrEqual(HANDOVER_TRADES);
  // Each list reversed, one after the other: every trade in the order it was made.
  const oldestFirst = lists.flatMap((list) => list.toReversed().map((trade) => trade.sequence));
  expect(oldestFirst).toEqual(oldestFirst.toSorted((a, b) => a - b));
  await expectEveryTradeOnce(socket, first);
});
