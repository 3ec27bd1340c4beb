// Market shards on real PostgreSQL (ADR 0046): BNB/USDT on shard 0 and LTC/USDT on shard 1, each
// with its own sequencer, writer lock and commit chain. A customer buying on both at once never has
// more held than they own: the holds are taken by the ledger in each shard's batch transaction, with
// the customer's account locked, whatever each sequencer believed from its own read. And one shard
// changes hands without the other.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '@rora/db';
import type { TestApp } from '../../testing/test-app.ts';
import { requireMarket } from '../markets/index.ts';
import { createMarketRunners } from './market-runners.ts';
import { createShardMap } from './order-shards.ts';
import { toOrderIntent } from './order-request.ts';
import { takeWriterLock } from './writer-lock.ts';
import { jsonOf, race } from './testing/http-race.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  balanceOf,
  batchesWaiting,
  createMarketsTestApp,
  EMPTY_BATCH_RECORDS,
  SILENT_LOG,
  units,
  until,
} from './testing/orders-fixtures.ts';

const SHARDS = { ORDER_SHARDS: '2', MARKET_SHARDS: 'BNB-USDT:0,LTC-USDT:1' };
const BNB = requireMarket('BNB/USDT');
const LTC = requireMarket('LTC/USDT');

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createMarketsTestApp({ env: SHARDS });
  port = await t.listen();
});
afterEach(async () => assertOrdersConsistent(t));
afterAll(async () => t.close());

/** The session holding a shard's writer lock (classid 7261, objid 2 + shard), or null. */
async function shardWriter(shard: number): Promise<number | null> {
  const { rows } = await t.database.pool.query<{ pid: number }>(
    `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 7261 AND objid = $1 AND granted
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [2 + shard],
  );
  return rows[0]?.pid ?? null;
}

async function chains(): Promise<Record<number, string>> {
  const { rows } = await t.database.pool.query<{ shard: number; last_batch: string }>(
    'SELECT shard, last_batch::text FROM order_chain ORDER BY shard',
  );
  return Object.fromEntries(rows.map((row) => [row.shard, row.last_batch]));
}

describe('a customer buying on two shards at once', () => {
  it('gets one hold when both shards matched against the same balance before either committed', async () => {
    const runners = t.app.services.markets.orders.runners;
    expect([runners.shards.shardOf(BNB.symbol), runners.shards.shardOf(LTC.symbol)]).toEqual([0, 1]);
    const customer = await approvedCustomer(t, { USDT: '100' });
    // The customer's account is held, so both shards' batches read 100 available, match, and wait at
    // the ledger: each sequencer believes the order is covered.
    const blocker = await t.database.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(
        `SELECT 1 FROM ledger_accounts WHERE owner_id = $1 AND asset = 'USDT' AND kind = 'available' FOR UPDATE`,
        [customer.userId],
      );
      const buy = (symbol: string) => toOrderIntent({ symbol, side: 'buy', price: '60', amount: '1' });
      const placing = Promise.allSettled([
        runners.runner(BNB).place({ orderId: randomUUID(), userId: customer.userId, intent: buy('BNB/USDT') }),
        runners.runner(LTC).place({ orderId: randomUUID(), userId: customer.userId, intent: buy('LTC/USDT') }),
      ]);
      await batchesWaiting(t, 2);
      await blocker.query('COMMIT');
      const outcomes = await placing;
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      expect((refused?.reason as { code?: string } | undefined)?.code).toBe('available_balance_must_cover_order');
    } finally {
      blocker.release();
    }
    expect(await balanceOf(t, customer, 'USDT')).toEqual({
      available: units('40', 'USDT'),
      held: units('60', 'USDT'),
    });
  });

  it('never holds more than the customer owns, round after round over HTTP', async () => {
    const before = await chains();
    for (let round = 0; round < 20; round += 1) {
      const customer = await approvedCustomer(t, { USDT: '100' });
      // Six orders of 30 USDT, three on each shard, released together: at most three fit in 100.
      const responses = await race(
        port,
        Array.from({ length: 6 }, (_, index) => ({
          method: 'POST',
          path: '/api/v1/order',
          headers: { authorization: customer.headers.authorization, 'idempotency-key': randomUUID() },
          body:
            index % 2 === 0
              ? { symbol: 'BNB/USDT', side: 'buy', price: '30', amount: '1' }
              : { symbol: 'LTC/USDT', side: 'buy', price: '30', amount: '1' },
        })),
      );
      const placed = responses.filter((response) => response.status === 201);
      const refused = responses.filter((response) => response.status === 422);
      expect(placed.length + refused.length, `round ${round}`).toBe(6);
      expect(refused.map((response) => jsonOf(response).error?.code)).toEqual(
        refused.map(() => 'available_balance_must_cover_order'),
      );
      expect(placed).toHaveLength(3);
      expect(await balanceOf(t, customer, 'USDT')).toEqual({
        available: units('10', 'USDT'),
        held: units('90', 'USDT'),
      });
    }
    // Both chains moved: the two shards committed side by side, each on its own chain.
    const after = await chains();
    expect(BigInt(after[0]!)).toBeGreaterThan(BigInt(before[0]!));
    expect(BigInt(after[1]!)).toBeGreaterThan(BigInt(before[1]!));
  });
});

describe('one shard changing hands', () => {
  it('is taken over by another process while the first keeps writing the other shard', async () => {
    const seller = await approvedCustomer(t, { LTC: '5', BNB: '5' });
    const runners = t.app.services.markets.orders.runners;
    await runners.claimWriters();
    expect([runners.writesNow(BNB), runners.writesNow(LTC)]).toEqual([true, true]);
    // One lock session holds both of the app's shards.
    const [first, second] = [await shardWriter(0), await shardWriter(1)];
    expect(first).toBe(second);
    // A second process, with its own connections, that may write shard 1 only: the app holds it.
    const other = connectDatabase(t.database.url, { max: 4 });
    const shards = createShardMap({ count: 2, overrides: { 'BNB/USDT': 0, 'LTC/USDT': 1 }, writes: [1] });
    const next = createMarketRunners({ db: other.db, clock: t.clock, log: SILENT_LOG, shards });
    try {
      expect(await next.claimWriters()).toEqual([]);
      // The app's lock session ends (its connection broken): both shards are free, the other
      // process takes shard 1 first, and the app takes back shard 0 alone.
      await t.database.pool.query('SELECT pg_terminate_backend($1)', [first]);
      await until(async () => (await shardWriter(0)) === null && !runners.writesNow(LTC), 'the locks to go');
      expect(await next.claimWriter(LTC)).toBe(true);
      expect(await next.claimWriter(BNB)).toBe(false);
      expect(await runners.claimWriter(BNB)).toBe(true);
      expect(await runners.claimWriter(LTC)).toBe(false);
      expect([next.writesNow(LTC), next.writesNow(BNB)]).toEqual([true, false]);
      expect([runners.writesNow(LTC), runners.writesNow(BNB)]).toEqual([false, true]);
      expect(await shardWriter(0)).not.toBe(await shardWriter(1));

      const sell = (symbol: string) => toOrderIntent({ symbol, side: 'sell', price: '900', amount: '1' });
      const onLtc = await next
        .runner(LTC)
        .place({ orderId: randomUUID(), userId: seller.userId, intent: sell('LTC/USDT') });
      const onBnb = await runners
        .runner(BNB)
        .place({ orderId: randomUUID(), userId: seller.userId, intent: sell('BNB/USDT') });
      expect([onLtc.order.status, onBnb.order.status]).toEqual(['open', 'open']);
      await next.runner(LTC).cancel(onLtc.order.id);
      await runners.runner(BNB).cancel(onBnb.order.id);
    } finally {
      await next.stopAll();
      await other.close();
    }
    // The app takes shard 1 back for the checks after each test, which read its books; on the
    // session it holds shard 0 on.
    expect(await runners.claimWriter(LTC)).toBe(true);
    expect(await shardWriter(1)).toBe(await shardWriter(0));
  });
});

describe("a shard's commit chain", () => {
  it("takes a batch only from the session holding that shard's lock, and moves that shard's chain only", async () => {
    const runners = t.app.services.markets.orders.runners;
    await runners.claimWriters();
    const shard0 = (await shardWriter(0))!;
    const before = await chains();
    const commit = (pid: number, shard: number, batch: bigint) =>
      t.database.pool.query(`SELECT orders_commit_batch($1::text, '[]', $2, $3::int8, gen_random_uuid(), $4)`, [
        EMPTY_BATCH_RECORDS,
        pid,
        batch.toString(),
        shard,
      ]);
    // A third shard, not configured here, opened by its first writer (another process, with its own
    // lock session): its chain starts at 0.
    const other = connectDatabase(t.database.url, { max: 2 });
    const lock = (await takeWriterLock(other.pool, 2))!;
    try {
      expect((await chains())[2]).toBe('0');
      // That writer holds no lock of shard 1 (nor the app's of shard 2): their batches are refused.
      await expect(commit(lock.pid, 1, BigInt(before[1]!) + 1n)).rejects.toMatchObject({ code: 'L0002' });
      await expect(commit(shard0, 2, 1n)).rejects.toMatchObject({ code: 'L0002' });
      expect(await chains()).toEqual({ ...before, 2: '0' });
      await commit(lock.pid, 2, 1n);
      expect(await chains()).toEqual({ ...before, 2: '1' });
      const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM order_batch_marks WHERE shard = 2');
      expect(rows[0]).toEqual({ n: 4096 });
    } finally {
      await lock.release();
      await other.close();
    }
    expect((await chains())[0]).toBe(before[0]);
  });
});
