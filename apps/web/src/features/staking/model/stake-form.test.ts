// The stake dialog's rules, table-driven: the amount against the plan and the balance, and the
// rewards shown before confirming (the API's own rule, so the figures match what is paid).
import { describe, expect, it } from 'vitest';
import type { StakingPlan } from '@rora/contracts';
import { apyPercent, checkStakeAmount, coins, stakeSummary, textCoins } from './stake-form.ts';

const plan: StakingPlan = {
  id: 'usdt-30',
  asset: 'USDT',
  apyBps: 900,
  lockDays: 30,
  minAmount: '50',
  maxAmount: '250000',
  capacity: '10000000',
  remaining: '1000',
  open: true,
};

describe('checkStakeAmount', () => {
  it.each([
    ['', 'amount_is_empty'],
    ['abc', 'amount_is_not_a_decimal'],
    ['50.1234567', 'amount_has_too_many_decimals'],
    ['49.999999', 'staking_amount_below_minimum'],
    ['250001', 'staking_amount_above_maximum'],
    ['1000.000001', 'staking_plan_capacity_reached'],
    ['600', 'staking_amount_exceeds_available_balance'],
  ])('refuses %j with %s', (text, error) => {
    expect(checkStakeAmount(text, plan, 500_000_000n)).toEqual({ ok: false, error });
  });

  it('takes an amount within the plan and the balance', () => {
    expect(checkStakeAmount('500', plan, 500_000_000n)).toEqual({ ok: true, amount: 500_000_000n });
  });
});

describe('stakeSummary', () => {
  it('shows the first day and the whole term as the API pays them', () => {
    expect(stakeSummary(plan, 1_000_000_000n)).toEqual({
      amount: 1_000_000_000n,
      termDays: 30,
      daily: 246_575n,
      total: 7_397_260n,
    });
    expect(stakeSummary({ ...plan, lockDays: null, apyBps: 600 }, 100_000_000n).termDays).toBe(365);
  });

  it('writes APY and amounts for people', () => {
    expect(apyPercent(1450)).toBe('14.5%');
    expect(apyPercent(600)).toBe('6%');
    expect(coins(7_397_260n, 'USDT')).toBe('7.39726 USDT');
    expect(coins(10n ** 18n + 123n, 'ETH')).toBe('1 ETH');
    expect(textCoins('1000000', 'USDT')).toBe('1,000,000 USDT');
    expect(textCoins('0.024657', 'USDT')).toBe('0.024657 USDT');
  });
});
