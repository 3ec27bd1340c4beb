// A market's public trades survive a handover of its books (ADR 0073). Two API replicas on one
// database and an event bus (PostgreSQL LISTEN/NOTIFY, then NATS): the first writes the books, a customer's socket on the
// second follows the market's topic. The writer's last trade commits, but the writer dies before its
// 100 ms flush (its publisher stopped, then its lock session ended as in a kill -9). Once the second
// replica takes the books over, the socket receives that trade in a trades message, and every trade
// exactly once.
import { describe, expect, it } from 'vitest';
import {
  expectEveryTradeOnce,
  followPastFirstTrade,
  ltcTraders,
  writerAndReplica,
} from './testing/handover-fixtures.ts';
import { killWriter, silenceMarkets, tradeAt, tradesSent } from './testing/replicas.ts';

describe.each(['postgres', 'nats'] as const)('a takeover of the books over the %s bus', (bus) => {
  const replicas = writerAndReplica({ EVENT_BUS: bus });

  it('sends the trades the old writer committed and did not send, each trade once', async () => {
    const { first, second } = replicas;
    const traders = await ltcTraders(first);
    // A trade the writer sends as usual.
    const socket = await followPastFirstTrade(traders, first.app, second.app);

    // The writer's last trade commits; the writer dies before its trades go out.
    silenceMarkets(first.app);
    await traders.trade(first.app, '42');
    await killWriter(first);
    expect(tradesSent(socket.messages).some((trade) => trade.price === '42')).toBe(false);

    // The second replica takes the books over a second later (its topic's sequence goes on from the
    // time: the test's clock stands still otherwise), and its topic sends the trade it never saw made.
    first.clock.advance(1_000);
    expect(await second.app.services.markets.orders.runners.claimWriter()).toBe(true);

    await tradeAt(socket.messages, '42');
    // And a trade of the new writer's own follows as usual.
    await traders.trade(second.app, '43');
    await tradeAt(socket.messages, '43');
    await expectEveryTradeOnce(socket, first);
  });
});
