// A takeover whose lease falls in doubt while its reads fail (ADR 0073, addendum): two replicas on one
// database and the PostgreSQL bus, the first writes the books and a customer's socket follows the
// market on the second. The writer's last trade commits and never goes out; the writer dies. As the
// second takes the books over, its first read of the market's trades runs on a session the database
// has just ended, and the process then stalls past its lease's margin before it tries again: it wakes
// not knowing whether it still writes the market. Its lease is renewed, the same lock session all
// along, and the reads go on: the socket receives the lost trade, then the new writer's own, each once.
import { expect, it } from 'vitest';
import { requireMarket } from '../markets/index.ts';
import { until, writerPid } from '../orders/testing/orders-fixtures.ts';
import { WRITER_TRUST_MS } from '../orders/writer-lock.ts';
import {
  expectEveryTradeOnce,
  followPastFirstTrade,
  ltcTraders,
  writerAndReplica,
} from './testing/handover-fixtures.ts';
import { endSessionOfNext, killWriter, silenceMarkets, tradeAt, type Replica } from './testing/replicas.ts';

const market = requireMarket('LTC/USDT');
const replicas = writerAndReplica({ EVENT_BUS: 'postgres' });

/** Blocks this thread, timers and sockets included, as a process stopped with SIGSTOP would be. */
function hang(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Once the next read of the market's trades on `replica` has failed, stalls the process past its
 * lease's margin before the takeover's retry (the first wait is 100 ms): the retry then finds the
 * lease in doubt, its renewal sent but not yet answered. Says what the process was then.
 */
function stallAfterFailedRead(replica: Replica): () => string | null {
  const { pool } = replica.database;
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown[]) => Promise<unknown>;
  const runners = replica.app.services.markets.orders.runners;
  let woke: string | null = null;
  let stalled = false;
  pool.query = ((config: unknown, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    const running = query(config, values);
    if (stalled || !/FROM order_fills f WHERE f\.pair/.test(text) || !(values ?? []).includes(market.symbol))
      return running;
    return running.catch((error: unknown) => {
      stalled = true;
      setTimeout(() => {
        // Longer than the margin, shorter than the lease: the lock outlives the stall.
        hang(WRITER_TRUST_MS + 200);
        woke = runners.writesNow(market) ? 'writing' : 'in doubt';
      }, 50);
      throw error;
    });
  }) as typeof pool.query;
  return () => woke;
}

it('reads the trades again once a lease in doubt is renewed, and sends the unsent ones, each once', async () => {
  const { first, second } = replicas;
  const traders = await ltcTraders(first);
  const socket = await followPastFirstTrade(traders, first.app, second.app);

  silenceMarkets(first.app);
  await traders.trade(first.app, '42');
  await killWriter(first);

  // The first read of the market's trades meets a session the database has ended, then the stall.
  const ended = endSessionOfNext(
    second.database,
    first.database.pool,
    (text, values) => /FROM order_fills f WHERE f\.pair/.test(text) && values.includes(market.symbol),
  );
  const woke = stallAfterFailedRead(second);
  first.clock.advance(1_000);
  const runners = second.app.services.markets.orders.runners;
  expect(await runners.claimWriter(market)).toBe(true);
  const lockSession = await writerPid(first);
  await until(async () => woke() !== null, 'the stall');
  expect(woke()).toBe('in doubt');
  await tradeAt(socket.messages, '42');
  expect(ended()).toBe(1);
  // Renewed, not taken again: the process wrote the market all along.
  expect(runners.writesNow(market)).toBe(true);
  expect(await writerPid(first)).toBe(lockSession);

  await traders.trade(second.app, '43');
  await tradeAt(socket.messages, '43');
  await expectEveryTradeOnce(socket, first);
});
