// Calls of spec §7 for staking (GET /staking/plan, GET and POST /staking/stake) and, beyond the
// spec, unstaking (POST /staking/stake/{id}/unstake), plus the `staking` WebSocket channel. Amounts
// are decimal strings in the asset's units; APY in basis points (spec §9: at most 1,450 = 14.5 %).
import { z as zod } from 'zod';
import type { ErrorCode } from './errors/index.ts';
import { pageInfoSchema, pageQuerySchema } from './schemas/common.ts';
import { envelope, type AccountCall } from './user.ts';
import { amountTextSchema } from './wallets.ts';

/** active: earning; matured: paid out at its end day; unstaked: returned early by the customer. */
export const STAKE_STATUSES = ['active', 'matured', 'unstaked'] as const;
export type StakeStatus = (typeof STAKE_STATUSES)[number];

/** A flexible stake accrues for at most this many days (the horizon its reserved rewards cover). */
export const STAKING_FLEXIBLE_TERM_DAYS = 365;

const decimal = zod.string();
const day = zod.iso.date();

export const stakingPlanSchema = zod.object({
  id: zod.string(),
  asset: zod.string(),
  apyBps: zod.number().int(),
  /** null: flexible, unstake at any time; else locked for this many days. */
  lockDays: zod.number().int().nullable(),
  minAmount: decimal,
  maxAmount: decimal,
  capacity: decimal,
  /** What the plan can still take: its capacity less its active stakes. */
  remaining: decimal,
  /** Whether a stake of the minimum can be placed now (capacity left and rewards in the pool). */
  open: zod.boolean(),
});
export type StakingPlan = zod.infer<typeof stakingPlanSchema>;
export const stakingPlanListSchema = zod.object({
  items: zod.array(stakingPlanSchema),
  /** Staking's date (UTC): accruals are for whole days up to it. */
  today: day,
});
export type StakingPlanList = zod.infer<typeof stakingPlanListSchema>;
export const stakingPlanListResponseSchema = envelope(stakingPlanListSchema);

export const stakeBodySchema = zod.object({
  /** The plan's id (`usdt-30`). */
  plan: zod.string({ error: 'staking_plan_not_found' }).min(1, { error: 'staking_plan_not_found' }).max(40),
  amount: amountTextSchema,
});
export type StakeBody = zod.input<typeof stakeBodySchema>;

export const stakeSchema = zod.object({
  id: zod.uuid(),
  planId: zod.string(),
  asset: zod.string(),
  amount: decimal,
  apyBps: zod.number().int(),
  lockDays: zod.number().int().nullable(),
  status: zod.enum(STAKE_STATUSES),
  /** The day after it was placed (the day of staking earns nothing); each later day pays for the whole day before it. */
  startDay: day,
  /** The last day that accrues: maturity for a locked stake, the one-year horizon for a flexible one. */
  endDay: day,
  accruedThrough: day,
  /** The rewards of the whole term, at the stake's APY. */
  expectedRewards: decimal,
  rewardsAccrued: decimal,
  /** Moved to the available balance (flexible: as they accrue; locked: at maturity). */
  rewardsPaid: decimal,
  rewardsForfeited: decimal,
  /**
   * While active, the next day rewards are paid: a flexible stake's next day that accrues; a
   * locked stake's end day (maturity), as it pays its rewards only then (ADR 0029).
   */
  nextPayoutDay: day.nullable(),
  /**
   * Unstaking today, while active: what returns to the available balance (principal and the rewards
   * not yet paid, days due today included) and the rewards forfeited (a locked stake before maturity).
   */
  unstakeNow: zod.object({ returns: decimal, forfeits: decimal }).nullable(),
  createdAt: zod.iso.datetime(),
  endedAt: zod.iso.datetime().nullable(),
});
export type Stake = zod.infer<typeof stakeSchema>;
export const stakeResponseSchema = envelope(stakeSchema);

export const stakeListQuerySchema = pageQuerySchema;
export const stakeListSchema = pageInfoSchema.extend({ items: zod.array(stakeSchema) });
export type StakeList = zod.infer<typeof stakeListSchema>;
export const stakeListResponseSchema = envelope(stakeListSchema);

/**
 * Development only: let days pass on the sandbox's staking clock until staking's date is `until`,
 * then run what is due. A date, not a count of days, so a retried request moves the clock once: at
 * or past the date already, it stays (the answer's `today` says where it is).
 */
export const stakingDaysPassBodySchema = zod.strictObject({ until: day });
export const stakingDaysPassSchema = zod.object({
  today: day,
  accrued: zod.number().int(),
  matured: zod.number().int(),
});
export const stakingDaysPassResponseSchema = envelope(stakingDaysPassSchema);

/** WebSocket: `{ channel: 'staking', type: 'updated', data: Stake }`, or `'accrued'` with no stake. */
export const stakeUpdatedEventSchema = zod.object({
  channel: zod.literal('staking'),
  type: zod.enum(['updated', 'accrued']),
  data: stakeSchema.nullable(),
});

const signedIn: ErrorCode[] = ['authentication_required', 'session_expired'];

export const stakingCalls = {
  listPlans: { method: 'GET', path: '/staking/plan', auth: true, errors: signedIn },
  listStakes: {
    method: 'GET',
    path: '/staking/stake',
    auth: true,
    errors: [...signedIn, 'query_number_must_be_decimal_digits'],
  },
  stake: {
    method: 'POST',
    path: '/staking/stake',
    auth: true,
    errors: [
      ...signedIn,
      'kyc_approval_required',
      'amount_is_empty',
      'amount_is_not_a_decimal',
      'amount_is_too_long',
      'amount_has_too_many_decimals',
      'amount_must_be_positive',
      'idempotency_key_required',
      'idempotency_key_reused_with_different_body',
      'idempotency_request_in_progress',
      'staking_plan_not_found',
      'staking_plan_is_closed',
      'staking_amount_below_minimum',
      'staking_amount_above_maximum',
      'staking_plan_capacity_reached',
      'staking_rewards_pool_exhausted',
      'staking_amount_exceeds_available_balance',
      'too_many_requests',
      'amount_is_too_large',
    ],
  },
  unstake: {
    method: 'POST',
    path: '/staking/stake/{id}/unstake',
    auth: true,
    errors: [
      ...signedIn,
      'idempotency_key_required',
      'idempotency_key_reused_with_different_body',
      'idempotency_request_in_progress',
      'resource_not_found',
      'stake_is_not_active',
      'stake_is_locked_until_maturity',
      'too_many_requests',
      'request_body_not_allowed',
    ],
  },
} as const satisfies Record<string, AccountCall>;

/** Basis points a year, per day: APY bps × 365 days × 10,000. */
const YEAR_BPS_DAYS = 3_650_000n;

/**
 * The rewards of days 1..k of a stake (ADR 0029): floor(principal × apyBps × k / 3,650,000), in
 * minor units. Each day pays the growth of this floor, so the remainder of a day is carried into
 * the next and the term's rewards are the exact APY amount rounded down (within one minor unit).
 */
export function stakeRewardsThrough(principal: bigint, apyBps: number, days: number): bigint {
  if (principal < 0n || !Number.isInteger(apyBps) || apyBps < 0 || !Number.isInteger(days) || days < 0) {
    throw new RangeError('stakeRewardsThrough needs a principal, APY and day count of zero or more');
  }
  return (principal * BigInt(apyBps) * BigInt(days)) / YEAR_BPS_DAYS;
}

/** The reward of day k (1-based) of a stake: what day k adds to the rewards through day k − 1. */
export function stakeDailyReward(principal: bigint, apyBps: number, day: number): bigint {
  if (!Number.isInteger(day) || day < 1) throw new RangeError('a stake day is 1 or more');
  return stakeRewardsThrough(principal, apyBps, day) - stakeRewardsThrough(principal, apyBps, day - 1);
}
