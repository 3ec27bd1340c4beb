// PostgreSQL cancelling a statement of a money request (an operator's pg_cancel_backend on a query
// that waits, a statement timeout): the transaction did not commit, so the answer is 503 with
// Retry-After and the Idempotency-Key is left free; the same request sent again takes effect once.
// (A 500 would be stored under the key as the answer for good, the stake never placed by that key.)
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import {
  createStakingTestApp,
  fundedCustomer,
  myStakes,
  postStake,
  stakingViolations,
} from '../staking/testing/staking-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createStakingTestApp();
});
afterAll(async () => t.close());

/** Cancels the first statement of the app that waits for a lock, once one does. */
async function cancelTheWaiter(admin: pg.Client): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const { rows } = await admin.query<{ cancelled: boolean }>(
      `SELECT pg_cancel_backend(pid) AS cancelled FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    );
    if (rows.some((row) => row.cancelled)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no statement of the app waited for the lock');
}

describe('a statement of a money request cancelled by PostgreSQL', () => {
  it('answers 503 with Retry-After, and the same stake sent again is placed once', async () => {
    const customer = await fundedCustomer(t, { USDT: '1000' });
    const key = randomUUID();
    const body = { plan: 'usdt-flexible', amount: '100' };
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    try {
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE stakes IN ACCESS EXCLUSIVE MODE');
      const pending = postStake(t, customer, body, key);
      await cancelTheWaiter(admin);
      await admin.query('ROLLBACK');
      const cancelled = await pending;
      expect(cancelled.statusCode, cancelled.body).toBe(503);
      expect(cancelled.json().error.code).toBe('service_unavailable');
      expect(Number(cancelled.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }

    const again = await postStake(t, customer, body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect((await myStakes(t, customer)).map((stake) => stake.amount)).toEqual(['100']);
    expect(await stakingViolations(t)).toEqual([]);
    await assertLedgerInvariants(t.database.db);
  });
});
