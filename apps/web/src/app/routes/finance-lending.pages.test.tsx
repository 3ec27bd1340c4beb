// The lending screen's lists and figures a customer acts on: every loan of a view reached a page at a
// time, the balance a repayment is paid from (and its shortfall) before the click, what reaches a
// lender rather than the borrower's debt, and how much of the debt a liquidation's collateral covered.
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
import { customer, portfolioAsset, signedInCustomer } from '../../testing/fixtures.ts';
import { openRequest } from '../../testing/loan-fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './finance-lending.tsx';

const api = installFakeApi();

/** A running 500 USDT loan; the nth of a list is n USDT more, each its own id. */
const running = (n = 0): Loan => ({
  ...openRequest,
  id: `6a5b4c3d-2e1f-4a0b-9c8d-${String(n).padStart(12, '0')}`,
  status: 'active',
  role: 'borrower',
  amount: String(500 + n),
  debtNow: '501.150685',
  interestNow: '1.150685',
  lenderReceivesNow: '501.035617',
  fundedAt: '2026-11-24T12:00:00.000Z',
  dueAt: '2026-12-24T12:00:00.000Z',
});

/** A signed-in customer with `usdt` available and nothing on the marketplace. */
function signedIn(usdt: string) {
  signInAs(signedInCustomer());
  api.answer(userApi.profile, userSchema, customer());
  api.answer(lendingApi.market, loanListSchema, { items: [], page: 1, limit: 50, total: 0 });
  api.answer(walletApi.dashboard, dashboardSchema, {
    totalBalance: usdt,
    change24h: null,
    assets: [portfolioAsset('USDT', { available: usdt, total: usdt, usdValue: usdt })],
  });
}

async function openView(view: string) {
  await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });
  await userEvent.click(screen.getByRole('tab', { name: text(`lending:views.${view}`) }));
}

const factOf = (scope: HTMLElement, label: string) =>
  within(scope).queryByText(label)?.parentElement?.querySelector('dd')?.textContent;

describe('a borrower with 52 loans', () => {
  it('reaches the 52nd on the second page and repays it', async () => {
    signedIn('1000');
    const loans = Array.from({ length: 52 }, (_, index) => running(index + 1));
    api.answer(lendingApi.myBorrowing, loanListSchema, (request) => {
      const page = Number(request.query.get('page'));
      const limit = Number(request.query.get('limit'));
      return { items: loans.slice((page - 1) * limit, page * limit), page, limit, total: loans.length };
    });
    api.answer(lendingApi.getLoan, loanSchema, running(52));
    api.answer(lendingApi.repay, loanSchema, { ...running(52), status: 'repaid', paid: '501.150685', fee: '0.1' });
    await openView('borrowing');

    const list = await screen.findByRole('list', { name: text('lending:views.borrowing') });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    const pages = screen.getByRole('navigation', {
      name: text('lending:pages', { view: text('lending:views.borrowing') }),
    });
    await userEvent.click(within(pages).getByRole('button', { name: text('pager.next') }));

    const last = await screen.findByRole('listitem', { name: text('lending:card.label', { amount: '552 USDT' }) });
    expect(within(pages).getByText(text('pager.page', { page: 2, pages: 2 }))).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(last).getByRole('button', { name: text('lending:actions.repay') }));
    await userEvent.click(await screen.findByRole('button', { name: text('lending:repay.confirm') }));

    const said = text('lending:done.repay', { paid: '501.150685 USDT', collateral: '0.02 BTC' });
    expect(await screen.findByText(said)).toBeTruthy();
    expect(api.calls(lendingApi.repay)[0]?.path).toContain(running(52).id);
  });
});

describe('the repay confirmation', () => {
  async function openRepay(usdt: string) {
    signedIn(usdt);
    api.answer(lendingApi.myBorrowing, loanListSchema, { items: [running()], page: 1, limit: 50, total: 1 });
    api.answer(lendingApi.getLoan, loanSchema, running());
    await openView('borrowing');
    const card = await screen.findByRole('listitem', { name: /500/ });
    await userEvent.click(within(card).getByRole('button', { name: text('lending:actions.repay') }));
    const dialog = await screen.findByRole('dialog', { name: text('lending:repay.title') });
    await within(dialog).findByText(text('lending:repay.available'));
    return dialog;
  }

  it('shows the available balance that pays the debt', async () => {
    const dialog = await openRepay('1000');
    expect(factOf(dialog, text('lending:repay.available'))).toBe('1,000.000000 USDT');
    const repay = within(dialog).getByRole('button', { name: text('lending:repay.confirm') }) as HTMLButtonElement;
    await within(dialog).findByText('501.150685 USDT');
    expect(repay.disabled).toBe(false);
  });

  it('says the balance is short before the click, and keeps Repay off', async () => {
    const dialog = await openRepay('100');
    expect(factOf(dialog, text('lending:repay.available'))).toBe('100.000000 USDT');
    const short = text('lending:repay.short', { missing: '401.150685 USDT' });
    expect(within(dialog).getByText(short)).toBeTruthy();
    const repay = within(dialog).getByRole('button', { name: text('lending:repay.confirm') }) as HTMLButtonElement;
    expect(repay.disabled).toBe(true);
    expect(repay.getAttribute('aria-describedby')).toBe(within(dialog).getByText(short).id);
    expect(api.calls(lendingApi.repay)).toHaveLength(0);
  });
});

describe('a lender’s cards', () => {
  it('show what reaches the lender of a running loan, not the borrower’s debt', async () => {
    signedIn('0');
    const lent = { ...running(), role: 'lender' as const };
    api.answer(lendingApi.myLending, loanListSchema, { items: [lent], page: 1, limit: 50, total: 1 });
    await openView('lending');
    const card = await screen.findByRole('listitem', { name: /500/ });
    expect(factOf(card, text('lending:detail.receiveNow'))).toBe('501.035617 USDT');
    expect(factOf(card, text('lending:detail.debtNow'))).toBeUndefined();
  });

  it('show the amount a repaid loan paid the lender', async () => {
    signedIn('0');
    const repaid: Loan = {
      ...running(),
      status: 'repaid',
      role: 'lender',
      paid: '501.699829',
      fee: '0.119982',
      lenderReceivesNow: '501.579847',
    };
    api.answer(lendingApi.myRepaidLending, loanListSchema, { items: [repaid], page: 1, limit: 50, total: 1 });
    await openView('repaidToMe');
    const card = await screen.findByRole('listitem', { name: /500/ });
    expect(factOf(card, text('lending:detail.lenderReceived.lender'))).toBe('501.579847 USDT');
  });
});

describe('a liquidation whose collateral fell short', () => {
  it('says how much of the debt and penalty the collateral covered', async () => {
    signedIn('0');
    const liquidated: Loan = {
      ...running(),
      status: 'liquidated',
      role: 'lender',
      debtNow: null,
      interestNow: null,
      lenderReceivesNow: null,
      paid: '0',
      fee: '0',
      collateralSeized: '0.02',
      collateralReturned: '0',
      debtSettled: '501.15',
      penalty: '25.06',
      collateralWorth: '400.12',
    };
    api.answer(lendingApi.myRepaidLending, loanListSchema, { items: [liquidated], page: 1, limit: 50, total: 1 });
    api.answer(lendingApi.getLoan, loanSchema, liquidated);
    await openView('repaidToMe');
    const card = await screen.findByRole('listitem', { name: /500/ });
    await userEvent.click(within(card).getByRole('button', { name: text('lending:card.details') }));
    const dialog = await screen.findByRole('dialog', { name: text('lending:detail.title') });

    await within(dialog).findByText(text('lending:detail.collateralWorth'));
    expect(factOf(dialog, text('lending:detail.collateralWorth'))).toBe('400.120000 USDT');
    const said = text('lending:detail.shortfall', {
      covered: '400.120000 USDT',
      owed: '526.210000 USDT',
      missing: '126.090000 USDT',
    });
    expect(within(dialog).getByText(said)).toBeTruthy();
  });
});
