// A matured stake's notification is claimed and written together: a session ended between the two
// (an operator's pg_terminate_backend, PostgreSQL restarting, the worker killed) must not leave
// stakes marked as told whose customers never heard of their payout.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import { loseSessionWhen, restoreSession } from '../../testing/session-loss.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { createStakingTestApp, fundedCustomer, placeStake, stakingViolations } from './testing/staking-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createStakingTestApp();
});
afterEach(async () => {
  await restoreSession(t.database.pool, 'notifications');
  await assertLedgerInvariants(t.database.db);
  expect(await stakingViolations(t)).toEqual([]);
});
afterAll(async () => t.close());

async function maturedNotices(stakeIds: string[]) {
  const { rows } = await t.database.db.execute<{ id: string; status: string; notices: number }>(sql`
    SELECT s.id::text, s.status, (SELECT count(*)::int FROM notifications n
                                   WHERE n.kind = 'stake_matured' AND n.data->>'stakeId' = s.id::text) AS notices
      FROM stakes s WHERE s.id = ANY(${`{${stakeIds.join(',')}}`}::uuid[]) ORDER BY s.id`);
  return rows.map(({ status, notices }) => ({ status, notices }));
}

describe('a maturity whose notifications are cut off midway', () => {
  it('tells every customer once when the next run comes', async () => {
    const users = await Promise.all([1, 2, 3].map(() => fundedCustomer(t, { USDT: '100' })));
    const stakes = await Promise.all(users.map((user) => placeStake(t, user, 'usdt-30', '100')));
    const ids = stakes.map((stake) => stake.id);
    // The session ends as the second stake's notification is written: the payouts have committed.
    await loseSessionWhen(t.database.pool, 'notifications', 'INSERT', `NEW.data->>'stakeId' = '${ids[1]}'`);

    await expect(t.app.services.staking.sandboxClock.daysPass(31)).rejects.toThrow();
    expect((await maturedNotices(ids)).map((row) => row.status)).toEqual(['matured', 'matured', 'matured']);

    await restoreSession(t.database.pool, 'notifications');
    await t.app.services.staking.accrual.runDue();
    expect(await maturedNotices(ids)).toEqual(ids.map(() => ({ status: 'matured', notices: 1 })));
  });
});
