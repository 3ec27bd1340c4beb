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

/** Whole days from `from` to `to` ('YYYY-MM-DD'), negative when `to` is earlier. */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * What unstaking on `today` would move, as end() does: the days due accrue first (through today,
 * at most the end day), then principal plus the unpaid rewards return, less what an early unstake
 * of a locked stake forfeits.
 */
export function unstakePreview(row: StakeRow, today: string): { returns: bigint; forfeits: bigint } {
  const through = today < row.endDay ? today : row.endDay;
  const days = Math.max(0, daysFrom(row.startDay, through));
  const caughtUp =
    through > row.accruedThrough ? stakeRewardsThrough(row.principal, row.apyBps, days) : row.rewardsAccrued;
  const unpaid = caughtUp - row.rewardsPaid;
  const forfeits = !row.flexible && today < row.endDay ? unpaid : 0n;
  return { returns: row.principal + unpaid - forfeits, forfeits };
}

/**
 * The next day the customer is paid (ADR 0029): a flexible stake's next day that accrues, its
 * reward moving to the available balance as it does; a locked stake's end day, its maturity, as
 * its daily rewards stay staked until then.
 */
function nextPayoutDay(row: StakeRow): string {
  return row.flexible ? addDays(row.accruedThrough, 1) : row.endDay;
}

export function stakeView(row: StakeRow, today: string | null = null): Stake {
  const preview = row.status === 'active' && today !== null ? unstakePreview(row, today) : null;
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
    nextPayoutDay: row.status === 'active' ? nextPayoutDay(row) : null,
    unstakeNow: preview && { returns: coins(preview.returns, row.asset), forfeits: coins(preview.forfeits, row.asset) },
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}
