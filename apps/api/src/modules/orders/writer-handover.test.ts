// A new order writer never reads its books while an older writer's batch can still commit (ADR 0023).
// A batch that passed the writer check holds the chain row until it ends, and may end after its
// writer's lock session: a killed server's backends end only when they next touch their socket. Here
// such a batch is held mid-way by a lock the test holds on its ledger account, the old writer's lock
// session ends as in a kill -9, and a new process's runners start and claim the lock. The claim waits
// for the batch; once it lands, the new books hold its order, and a crossing order fills against it.
// A writer that takes the lock after another one wrote reads its books again, and two callers asking
// for the lock at once share one take.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { requireMarket } from '../markets/index.ts';
import { auditBook } from './book-audit.ts';
import { createMarketRunners } from './market-runners.ts';
import { toOrderIntent } from './order-request.ts';
import {
  approvedCustomer,
  assertOrderRecords,
  batchesWaiting,
  endWriterSession,
  placeOrder,
  setUpMarketsTestApp,
  SILENT_LOG,
  until,
  writerPid,
} from './testing/orders-fixtures.ts';

let t: TestApp;
setUpMarketsTestApp((app) => (t = app));

const SOL = requireMarket('SOL/USDT');

/** Whether a session waits for a row lock on the order chain outside a batch: the new writer's fence. */
async function fenceWaits(): Promise<boolean> {
  const { rows } = await t.database.pool.query(
    `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM order_chain WHERE shard = 0 FOR UPDATE%'
        AND query NOT LIKE '%orders_commit_batch%' AND pid <> pg_backend_pid()`,
  );
  return rows.length > 0;
}

describe('handing the order writer over', () => {
  it('lets a batch that passed the writer check land before the new writer reads its books', async () => {
    const buyer = await approvedCustomer(t, { USDT: '100' });
    const seller = await approvedCustomer(t, { SOL: '5' });
    // The writer lock is taken by the first batch.
    const warmUp = { symbol: 'SOL/USDT', side: 'buy', price: '1', amount: '1' };
    expect((await placeOrder(t, buyer, warmUp)).statusCode).toBe(201);
    const oldWriter = (await writerPid(t))!;

    const blocker = await t.database.pool.connect();
    const next = createMarketRunners({ db: t.database.db, clock: t.clock, log: SILENT_LOG });
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT 1 FROM ledger_accounts WHERE owner_id = $1 AND asset = 'USDT' FOR UPDATE`, [
        buyer.userId,
      ]);
      // The old writer's batch takes the chain, passes the writer check, and waits at the ledger.
      const placing = placeOrder(t, buyer, { symbol: 'SOL/USDT', side: 'buy', price: '20', amount: '1' });
      await batchesWaiting(t, 1);
      // Its server dies: the lock's session ends, the batch's backend goes on.
      await endWriterSession(t, oldWriter);

      // The new process starts: books read, then the lock claimed, which waits for the chain row.
      await next.startAll();
      let claimed = false;
      const claiming = next.claimWriter().then((writes) => (claimed = writes));
      await until(async () => claimed || (await fenceWaits()), 'the new writer to claim the lock');

      await blocker.query('COMMIT');
      const placed = await placing;
      expect(placed.statusCode, placed.body).toBe(201);
      expect(await claiming).toBe(true);

      const runner = next.runner(SOL);
      expect((await auditBook(t.database.db, runner)).differences).toEqual([]);
      const acknowledged = (placed.json() as { data: { id: string } }).data.id;
      expect(runner.openOrders().lit.map((order) => String(order.orderId))).toContain(acknowledged);
      const intent = toOrderIntent({ symbol: 'SOL/USDT', side: 'sell', price: '20', amount: '1' });
      const sold = await runner.place({ orderId: randomUUID(), userId: seller.userId, intent });
      expect(sold.order.status).toBe('filled');
      expect(sold.fills.map((fill) => fill.makerOrderId)).toEqual([acknowledged]);
      expect((await auditBook(t.database.db, runner)).differences).toEqual([]);
      await assertOrderRecords(t.database.db);
    } finally {
      blocker.release(true);
      await next.stopAll();
    }
  });

  it('reads its books again when it takes the lock after another writer wrote', async () => {
    const [buyer, seller] = [await approvedCustomer(t, { USDT: '100' }), await approvedCustomer(t, { SOL: '5' })];
    // The app's process writes (it takes the lock back: the last test's writer has stopped).
    expect((await placeOrder(t, buyer, { symbol: 'SOL/USDT', side: 'buy', price: '1', amount: '1' })).statusCode).toBe(
      201,
    );
    // A second process starts meanwhile, as in a rolling deploy: it reads its books, cannot write yet.
    const next = createMarketRunners({ db: t.database.db, clock: t.clock, log: SILENT_LOG });
    try {
      await next.startAll();
      expect(await next.claimWriter()).toBe(false);
      const rested = await placeOrder(t, buyer, { symbol: 'SOL/USDT', side: 'buy', price: '20', amount: '1' });
      expect(rested.statusCode, rested.body).toBe(201);
      await t.app.services.markets.orders.runners.stopAll();

      // The old process has gone: the next command takes the lock, and its book must hold that order.
      const intent = toOrderIntent({ symbol: 'SOL/USDT', side: 'sell', price: '20', amount: '1' });
      const runner = next.runner(SOL);
      const sold = await runner.place({ orderId: randomUUID(), userId: seller.userId, intent });
      expect(sold.fills.map((fill) => fill.makerOrderId)).toEqual([
        (rested.json() as { data: { id: string } }).data.id,
      ]);
      expect((await auditBook(t.database.db, runner)).differences).toEqual([]);
      await assertOrderRecords(t.database.db);
    } finally {
      await next.stopAll();
    }
  });

  it('is taken once when two callers ask for it together, and no session keeps it after the stop', async () => {
    const seller = await approvedCustomer(t, { SOL: '5' });
    const next = createMarketRunners({ db: t.database.db, clock: t.clock, log: SILENT_LOG });
    try {
      expect(await Promise.all([next.claimWriter(), next.claimWriter()])).toEqual([true, true]);
      const intent = toOrderIntent({ symbol: 'SOL/USDT', side: 'sell', price: '90', amount: '1' });
      expect(
        (await next.runner(SOL).place({ orderId: randomUUID(), userId: seller.userId, intent })).order.status,
      ).toBe('open');
    } finally {
      await next.stopAll();
    }
    expect(await writerPid(t)).toBeNull();
  });
});
