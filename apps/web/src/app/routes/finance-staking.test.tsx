// Staking (spec §2): the plans with their APY, the stake dialog refusing an amount the available
// balance does not cover before anything is sent, and a stake or an unstake that says it happened.
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
  type User,
} from '@rora/contracts';
import { customer, errorText, portfolioAsset, signedInCustomer } from '../../testing/fixtures.ts';
import { staked } from '../../testing/stake-fixtures.ts';
import type { LanguageCode } from '../../lib/i18n/languages.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './finance-staking.tsx';

const api = installFakeApi();

/**
 * The staking screen with one USDT plan (10 to 100,000), 50 USDT available and `stakes`, for a
 * customer whose profile is `profile` (KYC approved unless given).
 */
async function openScreen(stakes: Stake[] = [], language?: LanguageCode, profile: User = customer()) {
  signInAs(signedInCustomer());
  api.answer(userApi.profile, userSchema, profile);
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
  api.answer(stakingApi.listStakes, stakeListSchema, { items: stakes, page: 1, limit: 50, total: stakes.length });
  api.answer(walletApi.dashboard, dashboardSchema, {
    totalBalance: '50.00',
    change24h: null,
    assets: [portfolioAsset('USDT', { available: '50', total: '50', usdValue: '50.00' })],
  });
  await renderScreen({ path: '/dashboard/finance/stake', Component, namespaces: ['staking'], language });
}

/** The screen of openScreen with the plan's stake dialog open. */
async function openStakeDialog() {
  await openScreen();
  const lock = text('staking:plans.lockedDays', { count: 30 });
  await userEvent.click(
    await screen.findByRole('button', { name: text('staking:plans.stakeOn', { asset: 'USDT', lock }) }),
  );
  const dialog = await screen.findByRole('dialog', { name: text('staking:dialog.title', { asset: 'USDT' }) });
  return { dialog, amount: within(dialog).getByLabelText(text('staking:dialog.amount', { asset: 'USDT' })) };
}

describe('the staking screen', () => {
  it('writes the plan’s APY as the lending screen writes a yearly rate: exact, no trailing zeros', async () => {
    await openScreen();
    const plan = await screen.findByRole('listitem', { name: 'USDT' });
    expect(within(plan).getByText('8%')).toBeTruthy();
    const lock = text('staking:plans.lockedDays', { count: 30 });
    await userEvent.click(
      within(plan).getByRole('button', { name: text('staking:plans.stakeOn', { asset: 'USDT', lock }) }),
    );
    const dialog = await screen.findByRole('dialog', { name: text('staking:dialog.title', { asset: 'USDT' }) });
    expect(
      within(dialog).getByText(text('staking:dialog.apy'), { selector: 'dt' }).nextElementSibling?.textContent,
    ).toBe('8%');
  });

  // WCAG 2.5.3 (label in name): a customer who says or searches for the word on the button finds it.
  // The Spanish button read "Stakear" but was named "Hacer staking de USDT, …", the Portuguese
  // "Aplicar" but "Fazer staking de USDT, …".
  for (const language of ['en', 'fr', 'la_es', 'pt_br'] as const) {
    it(`names a plan’s button with the word it shows (${language})`, async () => {
      await openScreen([], language);
      const plan = await screen.findByRole('listitem', { name: 'USDT' });
      const button = within(plan).getByRole('button');
      const shown = button.textContent!.trim();
      expect(shown).toBe(text('staking:plans.stake'));
      expect(button.getAttribute('aria-label')!.toLowerCase()).toContain(shown.toLowerCase());
    });
  }

  it('tells a customer whose KYC is not approved that staking needs it, with the way there', async () => {
    await openScreen([], 'en', customer({ kycStatus: 'waiting_for_approval' }));
    const notice = await screen.findByRole('note', { name: text('staking:kyc.title') });
    expect(notice.textContent).toContain(text('staking:kyc.body'));
    const link = within(notice).getByRole('link', { name: text('staking:kyc.link') });
    expect(link.getAttribute('href')).toBe('/account/kyc');
    // The plans stay in view.
    expect(await screen.findByRole('listitem', { name: 'USDT' })).toBeTruthy();
  });

  it('names the plan’s minimum when the amount is below it', async () => {
    const { dialog, amount } = await openStakeDialog();
    await userEvent.type(amount, '5');
    expect(await within(dialog).findByText('The minimum stake for this plan is 10 USDT')).toBeTruthy();
  });

  it('shows no rewards figure for an amount it refuses, and the rewards of a valid one', async () => {
    const { dialog, amount } = await openStakeDialog();
    const figure = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
    const daily = text('staking:dialog.dailyAbout');
    const total = text('staking:dialog.total', { count: 30 });
    expect([figure(daily), figure(total)]).toEqual(['—', '—']);
    await userEvent.type(amount, '-5');
    expect([figure(daily), figure(total)]).toEqual(['—', '—']);
    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    expect(figure(total)).toMatch(/^0\.\d+ USDT$/);
  });

  it('calls the daily reward approximate and the term’s total exact', async () => {
    const { dialog, amount } = await openStakeDialog();
    const figure = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
    await userEvent.type(amount, '20.5');
    // 30 × 0.004493 is 0.13479: the days carry the rounding, so the first day's reward is only about a day's.
    expect(figure(text('staking:dialog.dailyAbout'))).toBe('0.004493 USDT');
    expect(figure(text('staking:dialog.total', { count: 30 }))).toBe('0.134794 USDT');
    expect(text('staking:dialog.dailyAbout')).toBe('Each day, about');
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

  it('says what was staked once the stake is placed', async () => {
    api.answer(stakingApi.stake, stakeSchema, staked);
    const { dialog, amount } = await openStakeDialog();
    await userEvent.type(amount, '20');
    await userEvent.click(within(dialog).getByRole('button', { name: text('staking:dialog.confirm') }));
    expect(await screen.findByText(text('staking:done.stake', { amount: '20 USDT' }))).toBeTruthy();
  });

  it('says what came back once a stake is unstaked', async () => {
    api.answer(stakingApi.unstake, stakeSchema, {
      ...staked,
      status: 'unstaked',
      unstakeNow: null,
      endedAt: '2026-11-25T11:00:00.000Z',
    });
    await openScreen([staked]);
    const unstake = await screen.findByRole('button', {
      name: text('staking:stakes.unstakeLabel', { amount: '20 USDT' }),
    });
    await userEvent.click(unstake);
    await userEvent.click(await screen.findByRole('button', { name: text('staking:unstake.confirm') }));
    expect(await screen.findByText(text('staking:done.unstake', { amount: '20 USDT' }))).toBeTruthy();
  });
});
