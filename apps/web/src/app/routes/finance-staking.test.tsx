// Staking (spec §2): the plans with their APY, and the stake dialog refusing an amount the available
// balance does not cover before anything is sent.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboardSchema, stakeListSchema, stakingApi, stakingPlanListSchema, walletApi } from '@rora/contracts';
import { errorText, portfolioAsset, signedInCustomer } from '../../testing/fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './finance-staking.tsx';

const api = installFakeApi();

/** The staking screen with one USDT plan (10 to 100,000) and 50 USDT available, its dialog open. */
async function openStakeDialog() {
  signInAs(signedInCustomer());
  api.answer(stakingApi.listPlans, stakingPlanListSchema, {
    today: '2026-11-25',
    items: [
      {
        id: 'usdt-30',
        asset: 'USDT',
        apyBps: 800,
        lockDays: 30,
        minAmount: '10',
        maxAmount: '100000',
        capacity: '1000000',
        remaining: '900000',
        open: true,
      },
    ],
  });
  api.answer(stakingApi.listStakes, stakeListSchema, { items: [], page: 1, limit: 20, total: 0 });
  api.answer(walletApi.dashboard, dashboardSchema, {
    totalBalance: '50.00',
    change24h: null,
    assets: [portfolioAsset('USDT', { available: '50', total: '50', usdValue: '50.00' })],
  });
  await renderScreen({ path: '/dashboard/finance/stake', Component, namespaces: ['staking'] });
  const lock = text('staking:plans.lockedDays', { count: 30 });
  await userEvent.click(
    await screen.findByRole('button', { name: text('staking:plans.stakeOn', { asset: 'USDT', lock }) }),
  );
  const dialog = await screen.findByRole('dialog', { name: text('staking:dialog.title', { asset: 'USDT' }) });
  return { dialog, amount: within(dialog).getByLabelText(text('staking:dialog.amount', { asset: 'USDT' })) };
}

describe('the staking screen', () => {
  it('names the plan’s minimum when the amount is below it', async () => {
    const { dialog, amount } = await openStakeDialog();
    await userEvent.type(amount, '5');
    expect(await within(dialog).findByText('The minimum stake for this plan is 10 USDT')).toBeTruthy();
  });

  it('names the minimum when the server refuses a stake below it', async () => {
    api.refuse(stakingApi.stake, 'staking_amount_below_minimum', { field: 'amount' });
    const { dialog, amount } = await openStakeDialog();
    await userEvent.type(amount, '20');
    await userEvent.click(within(dialog).getByRole('button', { name: text('staking:dialog.confirm') }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'The minimum stake for this plan is 10 USDT',
    );
  });

  it('refuses a stake larger than the available balance', async () => {
    const { dialog, amount } = await openStakeDialog();
    await userEvent.type(amount, '100');

    expect(
      await within(dialog).findByText(errorText('staking_amount_exceeds_available_balance', 'staking')),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: text('staking:dialog.confirm') })).toHaveProperty(
      'disabled',
      true,
    );
    expect(api.calls(stakingApi.stake)).toHaveLength(0);
  });
});
