// The book audit (GET /dev/markets/book, the benchmark's and the crash tests' last check) compares the
// book in memory with the database's open orders. A batch in flight has already changed the book but
// not yet the database, so an audit taken mid-batch reports differences that are not there: the
// audit runs between batches (OrderSequencer.whileIdle). Here customers keep placing and cancelling
// orders while the audit runs again and again: every audit agrees, and no order waits for long.
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { requireMarket } from '../markets/index.ts';
import { auditBook } from './book-audit.ts';
import { approvedCustomer, placeOrder, setUpMarketsTestApp, until } from './testing/orders-fixtures.ts';

let t: TestApp;
setUpMarketsTestApp((app) => (t = app));

const SOL = requireMarket('SOL/USDT');

describe('the book audit under load', () => {
  it('agrees with the database on every run while orders keep arriving', async () => {
    const buyer = await approvedCustomer(t, { USDT: '100000' });
    const seller = await approvedCustomer(t, { SOL: '1000' });
    const runner = t.app.services.markets.orders.runners.runner(SOL);
    let trading = true;
    let placedCount = 0;
    const trade = async (user: typeof buyer, side: 'buy' | 'sell') => {
      for (let i = 0; trading; i += 1) {
        const price = String(side === 'buy' ? 19 + (i % 3) : 20 + (i % 3));
        const placed = await placeOrder(t, user, { symbol: 'SOL/USDT', side, price, amount: '0.5' });
        expect(placed.statusCode, placed.body).toBe(201);
        placedCount += 1;
      }
    };
    const traders = Array.from({ length: 12 }, (_, i) =>
      trade(i % 2 === 0 ? buyer : seller, i % 2 === 0 ? 'buy' : 'sell'),
    );
    try {
      while (placedCount < 10) await new Promise((resolve) => setTimeout(resolve, 5));
      for (let run = 0; placedCount < 400; run += 1) {
        const audit = await runner.whileIdle(() => auditBook(t.database.db, runner));
        expect(audit.differences, `audit ${run} after ${placedCount} orders`).toEqual([]);
      }
    } finally {
      trading = false;
      await Promise.all(traders);
    }
    const final = await runner.whileIdle(() => auditBook(t.database.db, runner));
    expect(final.equal).toBe(true);
    expect(final.lit).toBeGreaterThan(0);
  });

  it('lets orders through again once an audit ends, and one that throws releases the book', async () => {
    const buyer = await approvedCustomer(t, { USDT: '1000' });
    const runner = t.app.services.markets.orders.runners.runner(SOL);
    await expect(runner.whileIdle(() => Promise.reject(new Error('audit failed')))).rejects.toThrow('audit failed');
    // An order placed while an audit holds the book waits for it, then goes through.
    let release: (() => void) | undefined;
    const held = runner.whileIdle(() => new Promise<void>((resolve) => (release = resolve)));
    // The audit runs (the book is held) once its task has been called.
    await until(async () => release !== undefined, 'the audit to hold the book');
    const place = runner.place.bind(runner);
    let queued = false;
    runner.place = (input) => {
      const outcome = place(input);
      queued = true;
      return outcome;
    };
    const placing = placeOrder(t, buyer, { symbol: 'SOL/USDT', side: 'buy', price: '10', amount: '1' });
    let placed = false;
    void placing.then(() => (placed = true));
    try {
      await until(async () => queued, 'the order to reach its runner');
    } finally {
      runner.place = place;
    }
    // Queued: a batch not held back would now be read, committed and answered, a few round trips.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(placed).toBe(false);
    release!();
    await held;
    expect((await placing).statusCode).toBe(201);
  });
});
