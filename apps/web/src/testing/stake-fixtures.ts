// A customer's stake as GET /staking/stake lists it.
import type { Stake } from '@rora/contracts';

/** A 20 USDT stake in the 30-day plan, as the API answers it. */
export const staked: Stake = {
  id: '5b1f0c2e-8d4a-4f6b-9c3e-1a2b3c4d5e6f',
  planId: 'usdt-30',
  asset: 'USDT',
  amount: '20',
  apyBps: 800,
  lockDays: 30,
  status: 'active',
  startDay: '2026-11-26',
  endDay: '2026-12-25',
  accruedThrough: '2026-11-25',
  expectedRewards: '0.131506',
  rewardsAccrued: '0',
  rewardsPaid: '0',
  rewardsForfeited: '0',
  // A locked stake pays at maturity (ADR 0029).
  nextPayoutDay: '2026-12-25',
  unstakeNow: { returns: '20', forfeits: '0' },
  createdAt: '2026-11-25T10:00:00.000Z',
  endedAt: null,
};
