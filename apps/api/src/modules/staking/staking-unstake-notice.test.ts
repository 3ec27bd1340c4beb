// An unstake and its notification commit together: a session ended between the two (an operator's
// pg_terminate_backend, PostgreSQL restarting) must not leave the stake unstaked with no word to its
// customer, which the retry's recovered answer would never make up for.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import { loseSessionWhen, restoreSession } from '../../testing/session-loss.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { createStakingTestApp, fundedCustomer, placeStake, unstake } from './testing/staking-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createStakingTestApp();
});
afterEach(async () => {
  await restoreSession(t.database.pool, 'notifications');
  await assertLedgerInvariants(t.database.db);
});
afterAll(async () => t.close());

async function stakeAndNotices(stakeId: string) {
  const { rows } = await t.database.db.execute<{ status: string; notices: number }>(sql`
    SELECT status, (SELECT count(*)::int FROM notifications
                     WHERE kind = 'stake_unstaked' AND data->>'stakeId' = ${stakeId}) AS notices
      FROM stakes WHERE id = ${stakeId}`);
  return rows[0];
}

describe('an unstake whose session ends before its notification is written', () => {
  it('commits neither, and the retry unstakes once with one notification', async () => {
    const user = await fundedCustomer(t, { USDT: '100' });
    const stake = await placeStake(t, user, 'usdt-flexible', '100');
    // The session ends (57P01, as pg_terminate_backend) as the stake_unstaked notification is written.
    await loseSessionWhen(t.database.pool, 'notifications', 'INSERT', `NEW.kind = 'stake_unstaked'`);
    const key = randomUUID();

    const cut = await unstake(t, user, stake.id, key);
    expect(cut.statusCode, cut.body).toBe(503);
    expect(await stakeAndNotices(stake.id)).toEqual({ status: 'active', notices: 0 });

    await restoreSession(t.database.pool, 'notifications');
    const retried = await unstake(t, user, stake.id, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await stakeAndNotices(stake.id)).toEqual({ status: 'unstaked', notices: 1 });
  });
});
