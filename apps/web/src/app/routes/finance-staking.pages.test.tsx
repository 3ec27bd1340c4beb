// Staking's list of stakes a page at a time: a customer with more stakes than one page holds reaches
// every one, and can unstake the last.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  dashboardSchema,
  stakeListSchema,
  stakeSchema,
  stakingApi,
  stakingPlanListSchema,
  userApi,
  userSchema,
  walletApi,
  type Stake,
} from '@rora/contracts';
import { customer, portfolioAsset, signedInCustomer } from '../../testing/fixtures.ts';
import { staked } from '../../testing/stake-fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './finance-staking.tsx';

const api = installFakeApi();

/** The nth of 52 active USDT stakes: n USDT, each its own id. */
const stake = (n: number): Stake => ({
  ...staked,
  id: `5b1f0c2e-8d4a-4f6b-9c3e-${String(n).padStart(12, '0')}`,
  amount: String(n),
  unstakeNow: { returns: String(n), forfeits: '0' },
});
const stakes = Array.from({ length: 52 }, (_, index) => stake(index + 1));

describe('a customer with 52 stakes', () => {
  it('reaches the last two on the second page and unstakes one', async () => {
    signInAs(signedInCustomer());
    api.answer(userApi.profile, userSchema, customer());
    api.answer(stakingApi.listPlans, stakingPlanListSchema, { today: '2026-11-25', items: [] });
    api.answer(stakingApi.listStakes, stakeListSchema, (request) => {
      const page = Number(request.query.get('page'));
      const limit = Number(request.query.get('limit'));
      return { items: stakes.slice((page - 1) * limit, page * limit), page, limit, total: stakes.length };
    });
    api.answer(walletApi.dashboard, dashboardSchema, {
      totalBalance: '0.00',
      change24h: null,
      assets: [portfolioAsset('USDT', { available: '0', total: '0', usdValue: '0.00' })],
    });
    api.answer(stakingApi.unstake, stakeSchema, { ...stake(52), status: 'unstaked', unstakeNow: null });
    await renderScreen({ path: '/dashboard/finance/stake', Component, namespaces: ['staking'] });

    const unstakeOf = (n: number) => text('staking:stakes.unstakeLabel', { amount: `${n} USDT` });
    expect(await screen.findByRole('button', { name: unstakeOf(50) })).toBeTruthy();
    expect(screen.queryByRole('button', { name: unstakeOf(51) })).toBeNull();
    const pages = screen.getByRole('navigation', { name: text('staking:stakes.pages') });
    expect(within(pages).getByText(text('pager.page', { page: 1, pages: 2 }))).toBeTruthy();

    await userEvent.click(within(pages).getByRole('button', { name: text('pager.next') }));
    await userEvent.click(await screen.findByRole('button', { name: unstakeOf(52) }));
    expect(screen.queryByRole('button', { name: unstakeOf(1) })).toBeNull();
    expect(screen.getByRole('button', { name: unstakeOf(51) })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: text('staking:unstake.confirm') }));

    expect(await screen.findByText(text('staking:done.unstake', { amount: '52 USDT' }))).toBeTruthy();
    expect(api.calls(stakingApi.unstake)[0]?.path).toContain(stake(52).id);
    expect(api.calls(stakingApi.listStakes).map((call) => call.query.get('page'))).toContain('2');
  });
});
