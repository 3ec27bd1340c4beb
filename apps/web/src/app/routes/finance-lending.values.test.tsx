// Loan cards value what they lend and what secures it (UI.md: US-dollar values as secondary text),
// at the reference prices the API sends with each loan (the ones of its loan-to-value and of the
// lend confirmation), in the reader's locale; a coin without a price shows no value, never $0.00.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  dashboardSchema,
  lendingApi,
  loanListSchema,
  loanSchema,
  userApi,
  userSchema,
  walletApi,
  type Loan,
} from '@rora/contracts';
import { customer, signedInCustomer } from '../../testing/fixtures.ts';
import { openRequest } from '../../testing/loan-fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './finance-lending.tsx';

const api = installFakeApi();

function answerMarketplace(items: Loan[]) {
  signInAs(signedInCustomer());
  api.answer(userApi.profile, userSchema, customer());
  api.answer(lendingApi.market, loanListSchema, { items, page: 1, limit: 20, total: items.length });
  api.answer(walletApi.dashboard, dashboardSchema, { totalBalance: '0.00', change24h: null, assets: [] });
}

/** The text of the card's value under its label (`Collateral`). */
function fact(card: HTMLElement, label: string): string | null | undefined {
  return within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('a loan card’s dollar values', () => {
  it('values the principal under it and the collateral beside its coins', async () => {
    answerMarketplace([openRequest]);
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });

    const card = await screen.findByRole('listitem', { name: /500/ });
    expect(within(card).getByText('$500.20')).toBeTruthy();
    expect(fact(card, text('lending:card.collateral'))).toBe('0.02000000 BTC $925.93');
    expect(within(card).getByText('$925.93')).toBeTruthy();
  });

  it('writes them in the reader’s locale', async () => {
    answerMarketplace([{ ...openRequest, principalUsd: '1500.2', collateralUsd: '2925.93' }]);
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'], language: 'fr' });

    const card = await screen.findByRole('listitem', { name: /500/ });
    // Grouped with a narrow no-break space, the sign after a no-break space (the reader's marks).
    const usd = [...card.querySelectorAll('.loan-card__usd')].map((element) => element.textContent);
    expect(usd).toEqual(['1\u202f500,20\u00a0$US', '2\u202f925,93\u00a0$US']);
  });

  it('shows no value for a coin without a price, and says so in the details', async () => {
    const unpriced = { ...openRequest, collateralUsd: null };
    answerMarketplace([unpriced]);
    api.answer(lendingApi.getLoan, loanSchema, unpriced);
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });

    const card = await screen.findByRole('listitem', { name: /500/ });
    expect(fact(card, text('lending:card.collateral'))).toBe('0.02000000 BTC');
    expect(within(card).queryByText(/\$0\.00/)).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: text('lending:card.details') }));
    const dialog = await screen.findByRole('dialog', { name: text('lending:detail.title') });
    const values = await within(dialog).findByText(text('lending:preview.values'), { selector: 'dt' });
    expect(values.nextElementSibling?.textContent).toBe('$500.20 / —');
  });

  it('values the debt now beside the collateral on a running loan: the two figures its LTV divides', async () => {
    // Lent a moment ago: 500 USDT plus the 7 days of interest a repayment now still pays.
    const running: Loan = {
      ...openRequest,
      status: 'active',
      role: 'borrower',
      ltvBps: 5420,
      debtNow: '501.767123',
      interestNow: '1.767123',
      debtUsd: '501.97',
      minimumInterestDays: 7,
      fundedAt: '2026-11-24T12:00:00.000Z',
      dueAt: '2026-12-24T12:00:00.000Z',
    };
    signInAs(signedInCustomer());
    api.answer(userApi.profile, userSchema, customer());
    api.answer(lendingApi.market, loanListSchema, { items: [], page: 1, limit: 20, total: 0 });
    api.answer(lendingApi.myBorrowing, loanListSchema, { items: [running], page: 1, limit: 20, total: 1 });
    api.answer(walletApi.dashboard, dashboardSchema, { totalBalance: '0.00', change24h: null, assets: [] });
    api.answer(lendingApi.getLoan, loanSchema, running);
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });

    await userEvent.click(screen.getByRole('tab', { name: text('lending:views.borrowing') }));
    const card = await screen.findByRole('listitem', { name: /500/ });
    const why = text('lending:detail.minimumInterest', { count: 7 });
    expect(fact(card, text('lending:detail.debtNow'))).toBe(`501.767123 USDT $501.97 ${why}`);
    await userEvent.click(within(card).getByRole('button', { name: text('lending:card.details') }));
    const dialog = await screen.findByRole('dialog', { name: text('lending:detail.title') });
    const values = await within(dialog).findByText(text('lending:detail.debtValues'), { selector: 'dt' });
    expect(values.nextElementSibling?.textContent).toBe('$501.97 / $925.93');
    expect(within(dialog).queryByText(text('lending:preview.values'))).toBeNull();
    const debt = within(dialog).getByText(text('lending:detail.debtNow'), { selector: 'dt' });
    expect(debt.nextElementSibling?.textContent).toBe(`501.767123 USDT ${why}`);
    expect(why).toBe('includes the minimum of 7 days of interest');
  });
});
