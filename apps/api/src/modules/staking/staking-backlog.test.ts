// The daily accrual after days were missed (a worker stopped for days, the sandbox letting a year
// pass): each batch writes at most its stake-days, however many days its stakes owe. A batch sized
// in stakes alone grew with the days owed, until one statement passed the query deadline on every
// run and the accrual never committed again.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@rora/db';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import { createStakingAccrual } from './staking-accrual.ts';
import { createStakingTestApp, fundedCustomer, placeStake, stakingViolations } from './testing/staking-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createStakingTestApp();
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
  expect(await stakingViolations(t)).toEqual([]);
});
afterAll(async () => t.close());

/** The database, recording how many stakes each staking_accrue batch took. */
function recordingBatches(db: Db, batches: number[]): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return async (query: Parameters<Db['execute']>[0]) => {
        const result = await target.execute(query);
        const stakes = (result.rows[0] as { result?: { stakes?: number } } | undefined)?.result?.stakes;
        if (typeof stakes === 'number' && stakes > 0) batches.push(stakes);
        return result;
      };
    },
  });
}

describe('the accrual of a backlog of days', () => {
  it('writes at most a batch of stake-days per statement, and accrues every day once', async () => {
    const user = await fundedCustomer(t, { USDT: '1000' });
    for (let index = 0; index < 20; index += 1) await placeStake(t, user, 'usdt-flexible', '10');
    const batches: number[] = [];
    const accrual = createStakingAccrual({
      db: recordingBatches(t.database.db, batches),
      clock: t.app.services.staking.clock,
      events: t.app.services.events,
      notifications: t.app.services.notifications,
      batch: 1_000,
    });
    // A year passes without a run: each stake owes 365 days (its start day earns nothing).
    await t.database.db.execute(sql`INSERT INTO staking_sandbox_clock (id, offset_days) VALUES (true, 366)
      ON CONFLICT (id) DO UPDATE SET offset_days = EXCLUDED.offset_days`);

    expect(await accrual.runDue()).toMatchObject({ accrued: 20 });
    // 1,000 stake-days at most: two stakes of 365 days each, never the 20 stakes (7,300 rows) at once.
    expect(batches.length).toBeGreaterThan(1);
    expect(Math.max(...batches) * 365).toBeLessThanOrEqual(1_000);
    const { rows } = await t.database.db.execute<{ days: number }>(
      sql`SELECT count(*)::int AS days FROM stake_accruals a JOIN stakes s ON s.id = a.stake_id
           WHERE s.user_id = ${user.userId}::uuid`,
    );
    expect(rows[0]!.days).toBe(20 * 365);
  });
});
