// The stake dialog as pure functions: the amount checked against the plan and the balance (errors as
// data: code and i18n key), and what the stake earns, with the same rule the API pays
// (stakeRewardsThrough, ADR 0029): the first day's reward and the whole term's.
import { STAKING_FLEXIBLE_TERM_DAYS, stakeDailyReward, stakeRewardsThrough, type StakingPlan } from '@rora/contracts';
import { assetScale, formatAmount, tryParseAmount } from '@rora/money';
import { formatBps, formatCoins } from '../../../lib/format/numbers.ts';

export type StakeFormError =
  | 'amount_is_empty'
  | 'amount_is_not_a_decimal'
  | 'amount_has_too_many_decimals'
  | 'staking_amount_below_minimum'
  | 'staking_amount_above_maximum'
  | 'staking_plan_capacity_reached'
  | 'staking_amount_exceeds_available_balance';

export interface StakeSummary {
  readonly amount: bigint;
  /** Days that accrue: the lock, or the year a flexible stake runs at most. */
  readonly termDays: number;
  /**
   * What the first day pays. Each later day pays it or one minor unit more (the rewards through a day
   * are rounded down once, the remainder carried), so a screen shows it as "about" a day's reward:
   * the term's rewards are `total`, not `daily` × days.
   */
  readonly daily: bigint;
  /** What the whole term pays. */
  readonly total: bigint;
}

const minor = (text: string, asset: string) => {
  const parsed = tryParseAmount(text, assetScale(asset));
  return parsed.ok ? parsed.value : 0n;
};

export function termDays(plan: Pick<StakingPlan, 'lockDays'>): number {
  return plan.lockDays ?? STAKING_FLEXIBLE_TERM_DAYS;
}

/** The amount in minor units, or why it cannot be staked on this plan with this balance. */
export function checkStakeAmount(
  text: string,
  plan: StakingPlan,
  available: bigint,
): { ok: true; amount: bigint } | { ok: false; error: StakeFormError } {
  if (text.trim() === '') return { ok: false, error: 'amount_is_empty' };
  const parsed = tryParseAmount(text, assetScale(plan.asset));
  if (!parsed.ok) {
    return {
      ok: false,
      error: parsed.code === 'amount_has_too_many_decimals' ? parsed.code : 'amount_is_not_a_decimal',
    };
  }
  const amount = parsed.value;
  if (amount < minor(plan.minAmount, plan.asset)) return { ok: false, error: 'staking_amount_below_minimum' };
  if (amount > minor(plan.maxAmount, plan.asset)) return { ok: false, error: 'staking_amount_above_maximum' };
  if (amount > minor(plan.remaining, plan.asset)) return { ok: false, error: 'staking_plan_capacity_reached' };
  if (amount > available) return { ok: false, error: 'staking_amount_exceeds_available_balance' };
  return { ok: true, amount };
}

export function stakeSummary(plan: StakingPlan, amount: bigint): StakeSummary {
  const days = termDays(plan);
  return {
    amount,
    termDays: days,
    daily: stakeDailyReward(amount, plan.apyBps, 1),
    total: stakeRewardsThrough(amount, plan.apyBps, days),
  };
}

/** `12.5%` from 1250 basis points (`12,5 %` in French), trailing zeros dropped. */
export function apyPercent(apyBps: number): string {
  return formatBps(apyBps);
}

/** An amount of the asset, grouped, cut to 8 decimals (never rounded up), trailing zeros dropped. */
export function coins(minorUnits: bigint, asset: string): string {
  const scale = assetScale(asset);
  return `${formatCoins(formatAmount(minorUnits, scale), scale)} ${asset}`;
}

/** `coins` of a decimal string from the API ('100000' -> '100,000 USDT'). */
export function textCoins(text: string, asset: string): string {
  return coins(minor(text, asset), asset);
}

/** The refusals that name a bound of the plan, and the values their texts name it with. */
export const BOUND_ERRORS: readonly string[] = ['staking_amount_below_minimum', 'staking_amount_above_maximum'];

/** The plan's minimum and maximum stake as the refusals' texts show them (`0.01 ETH`). */
export function boundTexts(plan: StakingPlan): { minimum: string; maximum: string } {
  return { minimum: textCoins(plan.minAmount, plan.asset), maximum: textCoins(plan.maxAmount, plan.asset) };
}
