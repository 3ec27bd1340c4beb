// A batch commit that passes the pool's statement deadline (ADR 0071), on real PostgreSQL: another
// transaction holds the customer's account, so the commit waits in the database as it would on a hung
// server. The call fails with no answer, which the sequencer takes as an outcome unknown (as a lost
// connection): it ends the backend still running it, reads the batch's mark, and runs the batch again
// only once that backend is gone and the mark says it did not commit. The order is placed once.
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  balanceOf,
  createMarketsTestApp,
  orderCount,
  placeOrder,
  units,
} from './testing/orders-fixtures.ts';

const DEADLINE_MS = 1_500;

let t: TestApp;
beforeAll(async () => {
  t = await createMarketsTestApp({ queryDeadlineMs: DEADLINE_MS });
});
afterEach(async () => assertOrdersConsistent(t));
afterAll(async () => t.close());

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

/** The backends running a batch commit now. */
async function committing(): Promise<number[]> {
  const { rows } = await t.database.pool.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state = 'active'
        AND query LIKE '%orders_commit_batch%' AND pid <> pg_backend_pid()`,
  );
  return rows.map((row) => row.pid);
}

async function waitFor(condition: (pids: number[]) => boolean, what: string): Promise<number[]> {
  // Generous: a few deadlines on a slow machine.
  for (const deadline = Date.now() + DEADLINE_MS * 10; Date.now() < deadline;) {
    const pids = await committing();
    if (condition(pids)) return pids;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const ordersOf = (user: TestUser) => orderCount(t, user.userId);

describe('a batch commit past its deadline', () => {
  it('ends the backend that ran it, reads its mark, and runs it again once: the order is placed once', async () => {
    const customer = await approvedCustomer(t, { USDT: '100' });
    const blocker = await holdAccount(customer);
    try {
      const placing = placeOrder(t, customer, { symbol: 'LTC/USDT', side: 'buy', price: '20', amount: '1' });
      const [first] = await waitFor((pids) => pids.length === 1, 'the first commit');
      // Past the deadline: that backend is ended by the sequencer, and the batch sent again on another.
      const [again] = await waitFor((pids) => pids.length === 1 && pids[0] !== first, 'the commit sent again');
      expect(again).not.toBe(first);
      await blocker.query('COMMIT');
      const placed = await placing;
      expect(placed.statusCode, placed.body).toBe(201);
    } finally {
      blocker.release(true);
    }
    expect(await ordersOf(customer)).toBe(1);
    expect(await balanceOf(t, customer, 'USDT')).toEqual({ available: units('80', 'USDT'), held: units('20', 'USDT') });
  });
});
