// A takeover whose reread of the trades fails (ADR 0073, addendum): two replicas on one database and
// the PostgreSQL bus, the first writes the books and a customer's socket follows the market on the
// second. The writer's last trade commits and never goes out; the writer dies. As the second takes
// the books over, the session of its first read of the market's trades is ended by the database (as
// in a restart): it reads again, while it still writes the market, and the socket receives the lost
// trade, then the new writer's own, every trade once.
import { expect, it } from 'vitest';
import {
  expectEveryTradeOnce,
  followPastFirstTrade,
  ltcTraders,
  writerAndReplica,
} from './testing/handover-fixtures.ts';
import { endSessionOfNext, killWriter, silenceMarkets, tradeAt } from './testing/replicas.ts';

const replicas = writerAndReplica({ EVENT_BUS: 'postgres' });

it('reads the trades again when its first read fails, and sends the unsent ones, each once', async () => {
  const { first, second } = replicas;
  const traders = await ltcTraders(first);
  const socket = await followPastFirstTrade(traders, first.app, second.app);

  silenceMarkets(first.app);
  await traders.trade(first.app, '42');
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

  await traders.trade(second.app, '43');
  await tradeAt(socket.messages, '43');
  await expectEveryTradeOnce(socket, first);
});
