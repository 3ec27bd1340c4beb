// One writer of the order books per database (DESIGN §2): a second process's sequencer cannot take
// the writer lock and refuses orders; a commit from a session that does not hold the lock writes
// nothing, also when the lock was lost while the batch waited for the chain; a writer whose lock
// connection dropped takes the lock again and goes on.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '@rora/db';
import type { TestApp } from '../../testing/test-app.ts';
import { requireMarket } from '../markets/index.ts';
import { MarketRunner } from './market-runner.ts';
import { toOrderIntent } from './order-request.ts';
import { takeWriterLock } from './writer-lock.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  batchesWaiting,
  commitEmptyBatch,
  EMPTY_BATCH_RECORDS,
  endWriterSession,
  lastBatch,
  placeOrder,
  setUpMarketsTestApp,
  SILENT_LOG,
  until,
  writerPid,
} from './testing/orders-fixtures.ts';

let t: TestApp;
setUpMarketsTestApp((app) => (t = app));
afterEach(async () => assertOrdersConsistent(t));

const body = { symbol: 'SOL/USDT', side: 'buy', price: '20', amount: '1' } as const;

describe('the order writer lock', () => {
  it('is taken by the first batch, and a second writer on the same database refuses orders', async () => {
    const customer = await approvedCustomer(t, { USDT: '100' });
    expect((await placeOrder(t, customer, body)).statusCode).toBe(201);
    expect(await writerPid(t)).not.toBeNull();

    const second = new MarketRunner({
      market: requireMarket('SOL/USDT'),
      db: t.database.db,
      clock: t.clock,
      log: SILENT_LOG,
    });
    const refused = await second
      .place({ orderId: randomUUID(), userId: customer.userId, intent: toOrderIntent(body) })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'market_is_unavailable' });
    await second.stop();
    expect((await placeOrder(t, customer, body)).statusCode).toBe(201);
  });

  it('refuses a commit from a session that does not hold the lock, writing nothing', async () => {
    const before = await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    const refused = await t.database.pool
      .query(
        `SELECT orders_commit_batch($1::text, '[]', pg_backend_pid(), (SELECT last_batch + 1 FROM order_chain WHERE shard = 0), gen_random_uuid())`,
        [EMPTY_BATCH_RECORDS],
      )
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'L0002' });
    const after = await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('refuses a batch whose writer lost the lock while the batch waited for the chain', async () => {
    const customer = await approvedCustomer(t, { USDT: '100' });
    expect((await placeOrder(t, customer, body)).statusCode).toBe(201);
    const pid = (await writerPid(t))!;
    const before = await lastBatch(t);
    const blocker = await t.database.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM order_chain WHERE shard = 0 FOR UPDATE');
      // The writer's batch writes its rows and waits for the chain; meanwhile the writer loses its lock.
      const waiting = commitEmptyBatch(t, before + 1n, pid).catch((error: unknown) => error);
      await batchesWaiting(t, 1);
      await endWriterSession(t, pid);
      await blocker.query('COMMIT');
      expect(await waiting).toMatchObject({ code: 'L0002' });
    } finally {
      blocker.release(true);
    }
    expect(await lastBatch(t)).toBe(before);
    expect((await placeOrder(t, customer, body)).statusCode).toBe(201);
  });

  it('is taken again when its connection is lost, and orders go on', async () => {
    const customer = await approvedCustomer(t, { USDT: '100' });
    expect((await placeOrder(t, customer, body)).statusCode).toBe(201);
    const pid = (await writerPid(t))!;
    await endWriterSession(t, pid);
    expect((await placeOrder(t, customer, body)).statusCode).toBe(201);
    const taken = await writerPid(t);
    expect(taken).not.toBeNull();
    expect(taken).not.toBe(pid);
  });

  it("holds every shard's lock on one connection of its own, so a pool smaller than the shards still serves", async () => {
    const small = connectDatabase(t.database.url, { max: 2, connectionWaitMs: 2_000 });
    const shards = Array.from({ length: 8 }, (_, index) => 40 + index);
    const sessions = async () =>
      (
        await t.database.pool.query<{ pid: number }>(
          `SELECT DISTINCT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 7261 AND objid = ANY($1) AND granted
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          [shards.map((shard) => 2 + shard)],
        )
      ).rows.map((row) => row.pid);
    try {
      const locks = await Promise.all(shards.map((shard) => takeWriterLock(small.pool, shard)));
      expect(locks.every((lock) => lock !== null)).toBe(true);
      const [pid] = await sessions();
      expect(await sessions()).toEqual([pid]);
      expect(locks.map((lock) => lock!.pid)).toEqual(shards.map(() => pid));
      // Held already, by this very session: not taken twice.
      expect(await takeWriterLock(small.pool, shards[0])).toBeNull();
      expect((await small.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await Promise.all(locks.map((lock) => lock!.release()));
      expect(await sessions()).toEqual([]);
      // The last release ended the lock session: only the pool's connections are left.
      await until(async () => {
        const { rows } = await t.database.pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
        return rows.length === 0;
      }, 'the lock session to end');
    } finally {
      await small.close();
    }
  });

  it('is taken once when two takes of one shard race on the same session', async () => {
    const small = connectDatabase(t.database.url, { max: 2 });
    try {
      const locks = await Promise.all([takeWriterLock(small.pool, 50), takeWriterLock(small.pool, 50)]);
      expect(locks.filter((lock) => lock !== null)).toHaveLength(1);
      await Promise.all(locks.map((lock) => lock?.release()));
      const { rows } = await t.database.pool.query(
        `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 7261 AND objid = 52 AND granted
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(rows).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it("lets other shards be taken and released while one shard's take waits for an older writer's batch", async () => {
    const small = connectDatabase(t.database.url, { max: 4 });
    const olderBatch = await t.database.pool.connect();
    try {
      await (await takeWriterLock(small.pool, 60))!.release();
      // An older writer's batch holds shard 60's chain row: a new writer's take waits for it.
      await olderBatch.query('BEGIN');
      await olderBatch.query('SELECT last_batch FROM order_chain WHERE shard = 60 FOR UPDATE');
      const waiting = takeWriterLock(small.pool, 60);
      await until(async () => {
        const { rows } = await t.database.pool.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
              AND query LIKE '%order_chain WHERE shard = 60 FOR UPDATE%'`,
        );
        return rows.length > 0;
      }, "shard 60's take to wait for the older batch");
      // Taken and released while shard 60's take still waits (the older batch commits only after):
      // had it waited too, it would never have been (the test's limit).
      const other = (await takeWriterLock(small.pool, 61))!;
      await other.release();
      await olderBatch.query('COMMIT');
      const taken = (await waiting)!;
      expect(taken.held()).toBe(true);
      await taken.release();
    } finally {
      olderBatch.release();
      await small.close();
    }
  });
});
