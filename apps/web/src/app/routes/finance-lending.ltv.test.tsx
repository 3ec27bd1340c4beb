// A loan-to-value is a true figure or says it is a bound: the API writes ratios at or above
// LOAN_LTV_MAX_BPS (10,000,000 %) as that figure, so the screen reads it "10,000,000.00% or more"
// rather than as the ratio (a tester's preview of 99999999999999999999999 USDT said 10,000,000.00%).
// A figure resting on an out-of-date price says so: the risk sweep waits for a fresh one, so a loan
// at 125.72 % stood ACTIVE with no margin call and no word why.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  dashboardSchema,
  lendingApi,
  LOAN_LTV_MAX_BPS,
  loanListSchema,
  loanPreviewSchema,
  userApi,
  userSchema,
  walletApi,
  type Loan,
} from '@rora/contracts';
import { customer, portfolioAsset, signedInCustomer } from '../../testing/fixtures.ts';
import { openRequest } from '../../testing/loan-fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './finance-lending.tsx';

const api = installFakeApi();

function answer(items: Loan[]) {
  signInAs(signedInCustomer());
  api.answer(userApi.profile, userSchema, customer());
  api.answer(lendingApi.market, loanListSchema, { items, page: 1, limit: 20, total: items.length });
  api.answer(walletApi.dashboard, dashboardSchema, {
    totalBalance: '65000.00',
    change24h: null,
    assets: [portfolioAsset('BTC', { available: '1', total: '1', usdValue: '65000.00' })],
  });
}

describe('a loan-to-value past the highest figure', () => {
  it('reads "or more" in the request’s preview', async () => {
    answer([]);
    api.answer(lendingApi.preview, loanPreviewSchema, {
      asset: 'USDT',
      amount: '99999999999999999999999',
      collateralAsset: 'BTC',
      collateralAmount: '0.01',
      rateBps: 800,
      termDays: 30,
      ltvBps: LOAN_LTV_MAX_BPS,
      interestAtTerm: '657534246575342465753.424658',
      repaymentAtTerm: '100657534246575342465752.424658',
      lenderReceivesAtTerm: '100591780821917808219177.082192',
      acceptable: false,
      principalUsd: '99999999999999999999999.00',
      collateralUsd: '650.00',
      levels: {
        initialLtvBps: 6500,
        marginCallLtvBps: 7500,
        liquidationLtvBps: 8500,
        liquidationPenaltyBps: 500,
        feeBps: 1000,
        minInterestDays: 7,
        graceHours: 72,
      },
    });
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });

    await userEvent.click(await screen.findByRole('button', { name: text('lending:request.open') }));
    const dialog = await screen.findByRole('dialog', { name: text('lending:request.title') });
    await userEvent.type(
      within(dialog).getByLabelText(text('lending:form.amount', { asset: 'USDT' })),
      '99999999999999999999999',
    );
    await userEvent.type(
      within(dialog).getByLabelText(text('lending:form.collateralAmount', { asset: 'BTC' })),
      '0.01',
    );

    expect((await within(dialog).findByTestId('preview-ltv')).textContent).toBe('10,000,000.00% or more');
  });

  it.each([
    ['en', '10,000,000.00% or more'],
    ['fr', '10 000 000,00 % ou plus'],
  ] as const)('reads "or more" on a loan’s card (%s)', async (language, shown) => {
    answer([{ ...openRequest, ltvBps: LOAN_LTV_MAX_BPS }]);
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'], language });

    const card = await screen.findByRole('listitem', { name: /500/ });
    const ltv = within(card).getByText(text('lending:card.ltv')).parentElement?.querySelector('dd')?.textContent;
    // The reader's marks: French groups and parts the sign with no-break spaces (compared as spaces).
    expect(ltv?.replace(/[\u00a0\u202f]/g, ' ')).toBe(shown);
  });

  it('writes a figure below it as it is', async () => {
    answer([{ ...openRequest, ltvBps: LOAN_LTV_MAX_BPS - 1 }]);
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });

    const card = await screen.findByRole('listitem', { name: /500/ });
    const ltv = within(card).getByText(text('lending:card.ltv')).parentElement?.querySelector('dd')?.textContent;
    expect(ltv).toBe('9,999,999.99%');
  });
});

describe('a loan-to-value on an out-of-date price', () => {
  const ltvOf = async () => {
    const card = await screen.findByRole('listitem', { name: /500/ });
    return within(card).getByText(text('lending:card.ltv'), { selector: 'dt' }).nextElementSibling?.textContent;
  };

  it('says the price is out of date and what waits for a new one', async () => {
    answer([{ ...openRequest, ltvBps: 12_572, priceIsStale: true }]);
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });
    expect(await ltvOf()).toBe(`125.72% ${text('lending:card.priceIsStale')}`);
    expect(text('lending:card.priceIsStale')).toMatch(/out of date/);
  });

  it('says nothing of the price while it is fresh', async () => {
    answer([{ ...openRequest, ltvBps: 12_572 }]);
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });
    expect(await ltvOf()).toBe('125.72%');
  });
});
