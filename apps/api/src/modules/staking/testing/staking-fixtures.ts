// Test helpers for the staking module: the real app on a fresh database with the rewards pools
// funded, a funded customer with approved KYC, and the calls the tests make.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Stake } from '@rora/contracts';
import { fundCustomer } from '@rora/ledger/testing';
import { assetScale, parseAmount, type AssetSymbol } from '@rora/money';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../../../testing/users.ts';
import { seedStakingRewards } from '../index.ts';

export async function createStakingTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ env });
  // Midday, so a test's day boundaries never depend on when it runs.
  t.clock.set('2026-03-01T12:00:00Z');
  await seedStakingRewards(t.database);
  return t;
}

/** A customer with approved KYC (placing a stake needs it) holding `funds` (whole coins). */
export async function fundedCustomer(
  t: TestApp,
  funds: Partial<Record<AssetSymbol, string>>,
  values: Parameters<typeof createTestUser>[1] = {},
): Promise<TestUser> {
  const user = await createTestUser(t, { kycStatus: 'approved', ...values });
  for (const [asset, whole] of Object.entries(funds)) {
    await fundCustomer(t.database.db, {
      owner: user.userId,
      asset: asset as AssetSymbol,
      amount: parseAmount(whole, assetScale(asset)),
    });
  }
  return user;
}

export function postStake(t: TestApp, user: TestUser, body: object, key: string = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/staking/stake',
    headers: { ...user.headers, 'idempotency-key': key },
    payload: body,
  });
}

export async function placeStake(t: TestApp, user: TestUser, planId: string, amount: string): Promise<Stake> {
  const response = await postStake(t, user, { plan: planId, amount });
  if (response.statusCode !== 201) throw new Error(`POST /staking/stake: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: Stake }).data;
}

export function unstake(t: TestApp, user: TestUser, id: string, key: string = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/staking/stake/${id}/unstake`,
    headers: { ...user.headers, 'idempotency-key': key },
  });
}

export async function myStakes(t: TestApp, user: TestUser): Promise<Stake[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/staking/stake', headers: user.headers });
  return (response.json() as { data: { items: Stake[] } }).data.items;
}

/** A customer's balance of one kind (available, staked), in minor units. */
export async function balanceOf(t: TestApp, owner: string | null, asset: string, kind: string): Promise<bigint> {
  const { rows } = await t.database.db.execute<{
    balance: string;
  }>(sql`SELECT coalesce((SELECT balance FROM ledger_accounts
    WHERE owner_id IS NOT DISTINCT FROM ${owner}::uuid AND asset = ${asset} AND kind = ${kind}), 0)::text AS balance`);
  return BigInt(rows[0]!.balance);
}

/**
 * Staking's own invariants: each pool's reserve equals its active stakes' reserves and its balance
 * covers it; each plan's total equals its active stakes' principal; each stake's accrued rewards
 * equal its accrual rows and the cumulative rule; each customer's staked balance equals their
 * active stakes' principal plus rewards accrued and not paid.
 */
export async function stakingViolations(t: TestApp): Promise<string[]> {
  const { rows } = await t.database.db.execute<{ problem: string }>(sql`
    SELECT 'pool ' || p.asset AS problem FROM staking_pools p
     WHERE p.reserved <> coalesce((SELECT sum(reserved) FROM stakes s WHERE s.asset = p.asset AND s.status = 'active'), 0)
        OR p.reserved > coalesce((SELECT balance FROM ledger_accounts a WHERE a.owner_id IS NULL AND a.asset = p.asset
                                   AND a.kind = 'staking_rewards'), 0)
    UNION ALL
    SELECT 'plan ' || p.id FROM staking_plans p
     WHERE p.staked_total <> coalesce((SELECT sum(principal) FROM stakes s WHERE s.plan_id = p.id AND s.status = 'active'), 0)
    UNION ALL
    SELECT 'stake ' || s.id FROM stakes s
     WHERE s.rewards_accrued <> coalesce((SELECT sum(amount) FROM stake_accruals a WHERE a.stake_id = s.id), 0)
        OR s.rewards_accrued <> div(s.principal * s.apy_bps * (s.accrued_through - s.start_day), 3650000)
    UNION ALL
    SELECT 'staked ' || a.owner_id || ' ' || a.asset FROM ledger_accounts a
     WHERE a.kind = 'staked' AND a.balance <> coalesce((SELECT sum(s.principal + s.rewards_accrued - s.rewards_paid
       - s.rewards_forfeited) FROM stakes s WHERE s.user_id = a.owner_id AND s.asset = a.asset AND s.status = 'active'), 0)`);
  return rows.map((row) => row.problem);
}
