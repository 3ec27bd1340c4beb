// The sequencer's pipeline on real PostgreSQL (ADR 0014): batch n+1 is matched and sent while batch
// n commits. A commit that overtakes the batch before it waits for it (ADR 0019); one out of the
// chain's order is refused; an order of n+1 may spend what n has not
// yet held, never more; when n fails, n+1 (already sent) is undone and run again, and only the
// refused order is lost; a commit whose answer was lost is answered from the mark it left, not run twice.
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  balanceOf,
  batchesWaiting,
  batchesWaitingNow,
  commitEmptyBatch,
  createMarketsTestApp,
  lastBatch,
  orderCount,
  placeOrder,
  units,
  withdrawOn,
  writerPid,
} from './testing/orders-fixtures.ts';
import { PIPELINE } from './commit-protocol.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createMarketsTestApp();
});
afterEach(async () => assertOrdersConsistent(t));
afterAll(async () => t.close());

const buy = (price: string, amount: string) => ({ symbol: 'LTC/USDT', side: 'buy', price, amount });

/** A transaction holding a customer's USDT account, so the batch that holds from it waits. */
async function holdAccount(user: TestUser): Promise<pg.PoolClient> {
  const client = await t.database.pool.connect();
  await client.query('BEGIN');
  await client.query(
    `SELECT 1 FROM ledger_accounts WHERE owner_id = $1 AND asset = 'USDT' AND kind = 'available' FOR UPDATE`,
    [user.userId],
  );
  return client;
}

describe('the order chain', () => {
  it('refuses a batch that does not follow the last committed one, writing nothing', async () => {
    const customer = await approvedCustomer(t, { USDT: '100' });
    expect((await placeOrder(t, customer, buy('10', '1'))).statusCode).toBe(201);
    const before = await lastBatch(t);
    const refused = await commitEmptyBatch(t, before + 2n, await writerPid(t)).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'L0003' });
    expect(await lastBatch(t)).toBe(before);
  });

  it('makes a batch that reaches the database before the one before it wait for it, then commit after it', async () => {
    const before = await lastBatch(t);
    const pid = await writerPid(t);
    // Batch n + 2 waits for n + 1 only if n + 1 arrives within 50 ms of its first look (else it fails
    // L0003 and the sequencer sends it again): sent from here, n + 1 came later than that on a busy
    // machine. So both are held in the database and let go together: n + 2 after it took its own
    // batch lock (on its row of batch marks), n + 1 before it took its own (its batch lock).
    const gate = await t.database.pool.connect();
    let released = false;
    try {
      await gate.query('BEGIN');
      await gate.query('SELECT pg_advisory_xact_lock(7262, $1::int)', [Number(before + 1n)]);
      const { rowCount } = await gate.query(
        'SELECT 1 FROM order_batch_marks WHERE shard = 0 AND slot = $1 FOR UPDATE',
        [Number((before + 2n) % 4096n)],
      );
      expect(rowCount).toBe(1);
      const later = commitEmptyBatch(t, before + 2n, pid);
      await batchesWaiting(t, 1);
      const earlier = commitEmptyBatch(t, before + 1n, pid);
      await batchesWaiting(t, 2);
      await gate.query('COMMIT');
      released = true;
      await Promise.all([earlier, later]);
    } finally {
      if (!released) await gate.query('ROLLBACK');
      gate.release();
    }
    expect(await lastBatch(t)).toBe(before + 2n);
    // The sequencer, whose next number is now taken, finds its place in the chain again.
    const customer = await approvedCustomer(t, { USDT: '100' });
    expect((await placeOrder(t, customer, buy('10', '1'))).statusCode).toBe(201);
    expect(await lastBatch(t)).toBeGreaterThan(before + 2n);
  });
});

/** The orders that must wait before a second batch goes beside the one in flight. */
const SECOND_BATCH_MIN = PIPELINE.lastMin;

/** `count` orders of 1 USDT from `customer`, to fill a batch. */
const smallOrders = (customer: TestUser, count: number) =>
  Array.from({ length: count }, () => placeOrder(t, customer, buy('1', '1')));

describe('two batches in flight', () => {
  it('lets an order of the next batch spend what the committing batch has not held, and no more', async () => {
    const customer = await approvedCustomer(t, { USDT: '1000' });
    const filler = await approvedCustomer(t, { USDT: '100' });
    const blocker = await holdAccount(customer);
    try {
      const first = placeOrder(t, customer, buy('60', '10'));
      await batchesWaiting(t, 1);
      // Matched while the first batch waits: 400 of the 1,000 are not held yet, 401 are too many.
      const next = Promise.all([placeOrder(t, customer, buy('40', '10')), placeOrder(t, customer, buy('1', '1'))]);
      const filled = Promise.all(smallOrders(filler, SECOND_BATCH_MIN - 2));
      await batchesWaiting(t, 2);
      await blocker.query('COMMIT');
      const [second, third] = await next;
      expect((await first).statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect([third.statusCode, third.json().error.code]).toEqual([422, 'available_balance_must_cover_order']);
      expect((await filled).map((answer) => answer.statusCode)).toEqual(Array(SECOND_BATCH_MIN - 2).fill(201));
    } finally {
      blocker.release(true);
    }
    expect(await balanceOf(t, customer, 'USDT')).toEqual({ available: 0n, held: units('1000', 'USDT') });
  });

  it('runs the next batch again when the one before it fails, losing only the refused order', async () => {
    const spender = await approvedCustomer(t, { USDT: '100' });
    const other = await approvedCustomer(t, { USDT: '100' });
    const filler = await approvedCustomer(t, { USDT: '100' });
    const blocker = await holdAccount(spender);
    try {
      const refused = placeOrder(t, spender, buy('50', '1'));
      await batchesWaiting(t, 1);
      const next = Promise.all([placeOrder(t, other, buy('30', '1')), ...smallOrders(filler, SECOND_BATCH_MIN - 1)]);
      await batchesWaiting(t, 2);
      // Meanwhile the spender's balance goes elsewhere: the first batch's hold is refused.
      await withdrawOn(blocker, spender.userId, '80');
      await blocker.query('COMMIT');
      const [spenderAnswer, nextAnswers] = await Promise.all([refused, next]);
      expect([spenderAnswer.statusCode, spenderAnswer.json().error.code]).toEqual([
        422,
        'available_balance_must_cover_order',
      ]);
      expect(nextAnswers.map((answer) => answer.statusCode)).toEqual(Array(SECOND_BATCH_MIN).fill(201));
    } finally {
      blocker.release(true);
    }
    expect(await balanceOf(t, spender, 'USDT')).toEqual({ available: units('20', 'USDT'), held: 0n });
    expect(await balanceOf(t, other, 'USDT')).toEqual({ available: units('70', 'USDT'), held: units('30', 'USDT') });
  });

  it('keeps a second batch back until 16 orders wait, and the database commits the two in order', async () => {
    const first = await approvedCustomer(t, { USDT: '100' });
    const second = await approvedCustomer(t, { USDT: '100' });
    const many = await approvedCustomer(t, { USDT: '100' });
    const before = await lastBatch(t);
    const blocker = await holdAccount(first);
    try {
      const placing = [placeOrder(t, first, buy('10', '1'))];
      await batchesWaiting(t, 1);
      // One order waits in the queue for the first batch's commit: no second batch reaches the database.
      placing.push(placeOrder(t, second, buy('10', '1')));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await batchesWaitingNow(t)).toBe(1);
      placing.push(...smallOrders(many, SECOND_BATCH_MIN - 1));
      // The second batch writes its rows, then waits for the first.
      await batchesWaiting(t, 2);
      await blocker.query('COMMIT');
      const answers = await Promise.all(placing);
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    } finally {
      blocker.release(true);
    }
    expect(await lastBatch(t)).toBe(before + 2n);
    expect(await balanceOf(t, many, 'USDT')).toEqual({ available: units('85', 'USDT'), held: units('15', 'USDT') });
  });
});

/**
 * Intercepts the sequencer's commits (each on a client of its own; pool.query asks for clients with a
 * callback, and those pass untouched). The first commit's call goes to the database, and `lose` makes
 * what the sequencer sees of it instead. `commits()` counts the commits sent.
 */
function interceptCommits(lose: (real: Promise<unknown>) => Promise<unknown>) {
  const pool = t.database.db.$client;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient>;
  let commits = 0;
  pool.connect = (async (...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    const client = await connect();
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      if ((config as { name?: string } | null)?.name !== 'orders_commit_batch') return query(config, ...rest);
      commits += 1;
      return commits === 1 ? lose(query(config, ...rest)) : query(config, ...rest);
    }) as typeof client.query;
    return client;
  }) as typeof pool.connect;
  return { commits: () => commits, restore: () => (pool.connect = connect as typeof pool.connect) };
}

const connectionLost = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: undefined });

const ordersOf = (user: TestUser) => orderCount(t, user.userId);

describe('a commit whose answer is lost', () => {
  it('is answered from the mark it left once it committed, and never runs twice', async () => {
    const customer = await approvedCustomer(t, { USDT: '100' });
    // The commit goes through; its answer is lost on the way back, as when a connection breaks.
    const intercepted = interceptCommits((real) =>
      real.then(() => {
        throw connectionLost();
      }),
    );
    try {
      const placed = await placeOrder(t, customer, buy('20', '1'));
      expect(placed.statusCode).toBe(201);
    } finally {
      intercepted.restore();
    }
    expect(intercepted.commits()).toBe(1);
    expect(await ordersOf(customer)).toBe(1);
    expect(await balanceOf(t, customer, 'USDT')).toEqual({ available: units('80', 'USDT'), held: units('20', 'USDT') });
  });

  it('ends the backend still running it before reading its mark, so it runs once', async () => {
    const customer = await approvedCustomer(t, { USDT: '100' });
    const blocker = await holdAccount(customer);
    let drop = () => {};
    // The connection "breaks" while the commit still waits in the database, which goes on running it.
    const intercepted = interceptCommits((real) => {
      real.catch(() => undefined);
      return new Promise((_, reject) => (drop = () => reject(connectionLost())));
    });
    try {
      const placing = placeOrder(t, customer, buy('20', '1'));
      await batchesWaiting(t, 1);
      drop();
      // The sequencer ends that backend, finds no mark, and sends the order again, which waits too.
      for (let tries = 0; tries < 500 && intercepted.commits() < 2; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await batchesWaiting(t, 1);
      await blocker.query('COMMIT');
      const placed = await placing;
      expect(placed.statusCode).toBe(201);
    } finally {
      intercepted.restore();
      blocker.release(true);
    }
    expect(intercepted.commits()).toBe(2);
    expect(await ordersOf(customer)).toBe(1);
    expect(await balanceOf(t, customer, 'USDT')).toEqual({ available: units('80', 'USDT'), held: units('20', 'USDT') });
  });
});
