// A replica that may write the books takes them over when their writer dies, by itself: no order has
// to land on it first (takeover-watch.ts). Until it does, orders sent to other replicas and public
// market data wait for a writer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { connectDatabase, type Database } from '@rora/db';
import { buildApp, type App } from '../../app.ts';
import { loadTestConfig, type TestApp } from '../../testing/test-app.ts';
import { auditBook } from './book-audit.ts';
import { MarketBook } from './market-book.ts';
import { approvedCustomer, createMarketsTestApp, endWriterSession, writerPid } from './testing/orders-fixtures.ts';

let first: TestApp;
let spareDatabase: Database;
let spare: App;

beforeAll(async () => {
  first = await createMarketsTestApp({ env: { EVENT_BUS: 'postgres' } });
  await first.app.services.markets.start({ marketMaker: false, intervalMs: 1_000 });
  spareDatabase = connectDatabase(first.database.url, { max: 6 });
  const config = loadTestConfig({ MARKET_MAKER: 'off', EVENT_BUS: 'postgres' });
  spare = await buildApp({ config, database: spareDatabase, clock: first.clock });
  await spare.services.markets.start({ marketMaker: false, intervalMs: 1_000, takeoverPollMs: 50 });
});
afterAll(async () => {
  await spare?.close();
  await spareDatabase?.close();
  await first?.close();
});

it('takes the books over once their writer is gone, with no order sent, and trades on them', async () => {
  const seller = await approvedCustomer(first, { LTC: '5' });
  const resting = await first.app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { ...seller.headers, 'idempotency-key': randomUUID() },
    payload: { symbol: 'LTC/USDT', side: 'sell', price: '45', amount: '3' },
  });
  expect(resting.statusCode).toBe(201);
  const runners = spare.services.markets.orders.runners;
  // A live writer keeps its books: the watch leaves them.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(runners.writesNow()).toBe(false);

  // The spare's book reads take a while, as on a busy machine: it takes the lock before it has read
  // the books again, and must not count as their writer (nor serve their depth) in between.
  const books = MarketBook.prototype as unknown as { rebuild(this: MarketBook): Promise<void> };
  const read = books.rebuild;
  const slowRead = vi.spyOn(books, 'rebuild').mockImplementation(async function (this: MarketBook) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return read.call(this);
  });
  // As a kill -9 of the writer's server: its lock session ends.
  await first.app.services.markets.stop();
  await endWriterSession(first, (await writerPid(first))!);
  for (let tries = 0; !runners.writesNow(); tries += 1) {
    if (tries > 200) throw new Error('the spare did not take the books over within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  slowRead.mockRestore();
  expect(await writerPid(first)).not.toBeNull();
  for (const runner of runners.all()) {
    expect((await auditBook(first.database.db, runner)).differences).toEqual([]);
  }
  const depth = await spare.inject('/api/v1/market/depth?symbol=LTC/USDT&levels=1');
  expect([depth.statusCode, depth.json().data.asks[0]]).toEqual([200, ['45', '3']]);
  const buyer = await approvedCustomer(first, { USDT: '100' });
  const bought = await spare.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: { symbol: 'LTC/USDT', side: 'buy', price: '45', amount: '1' },
  });
  expect([bought.statusCode, bought.json().data.status]).toEqual([201, 'filled']);
});
