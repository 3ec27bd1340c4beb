// Staking rows as the API shows them: amounts as decimal strings in the coin's units, days as
// 'YYYY-MM-DD', times in ISO 8601.
import { stakeRewardsThrough, type Stake, type StakingPlan } from '@rora/contracts';
import { assetScale, formatAmount } from '@rora/money';
import { addDays } from './staking-clock.ts';
import type { PlanRow, StakeRow } from './staking.repository.ts';

const coins = (minor: bigint, asset: string) => formatAmount(minor, assetScale(asset));

export function planView(row: PlanRow, freeRewards: bigint): StakingPlan {
  const remaining = row.capacity - row.stakedTotal;
  const termDays = row.lockDays ?? 365;
  const minimumRewards = stakeRewardsThrough(row.minAmount, row.apyBps, termDays);
  return {
    id: row.id,
    asset: row.asset,
    apyBps: row.apyBps,
    lockDays: row.lockDays,
    minAmount: coins(row.minAmount, row.asset),
    maxAmount: coins(row.maxAmount, row.asset),
    capacity: coins(row.capacity, row.asset),
    remaining: coins(remaining, row.asset),
    open: row.active && remaining >= row.minAmount && freeRewards >= minimumRewards,
  };
}

export function stakeView(row: StakeRow): Stake {
  return {
    id: row.id,
    planId: row.planId,
    asset: row.asset,
    amount: coins(row.principal, row.asset),
    apyBps: row.apyBps,
    lockDays: row.flexible ? null : row.termDays,
    status: row.status,
    startDay: row.startDay,
    endDay: row.endDay,
    accruedThrough: row.accruedThrough,
    expectedRewards: coins(stakeRewardsThrough(row.principal, row.apyBps, row.termDays), row.asset),
    rewardsAccrued: coins(row.rewardsAccrued, row.asset),
    rewardsPaid: coins(row.rewardsPaid, row.asset),
    rewardsForfeited: coins(row.rewardsForfeited, row.asset),
    nextPayoutDay: row.status === 'active' ? addDays(row.accruedThrough, 1) : null,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}
