// P2P lending (spec §2, §7): the marketplace of others' open requests, and the customer's own requests
// one tab away.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  dashboardSchema,
  lendingApi,
  loanListSchema,
  loanPreviewSchema,
  loanSchema,
  userApi,
  userSchema,
  walletApi,
  type Loan,
  type User,
} from '@rora/contracts';
import { customer, portfolioAsset, signedInCustomer } from '../../testing/fixtures.ts';
import { openRequest } from '../../testing/loan-fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './finance-lending.tsx';

const api = installFakeApi();

/**
 * A signed-in customer with 1,000 USDT whose profile is `profile` (KYC approved unless given), and
 * one open request on the marketplace with its preview.
 */
function answerMarketplace(profile: User = customer()) {
  signInAs(signedInCustomer());
  api.answer(userApi.profile, userSchema, profile);
  api.answer(lendingApi.market, loanListSchema, { items: [openRequest], page: 1, limit: 20, total: 1 });
  api.answer(walletApi.dashboard, dashboardSchema, {
    totalBalance: '1000.00',
    change24h: null,
    assets: [portfolioAsset('USDT', { available: '1000', total: '1000', usdValue: '1000.00' })],
  });
  // The open request's figures at the reference prices, which the lend confirmation asks for.
  api.answer(lendingApi.preview, loanPreviewSchema, {
    asset: 'USDT',
    amount: '500',
    collateralAsset: 'BTC',
    collateralAmount: '0.02',
    rateBps: 800,
    termDays: 30,
    ltvBps: 5400,
    interestAtTerm: '3.29',
    repaymentAtTerm: '503.29',
    lenderReceivesAtTerm: '502.96',
    acceptable: true,
    principalUsd: '500.20',
    collateralUsd: '925.93',
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
}

describe('the lending screen', () => {
  it('tells a customer whose KYC is not approved that borrowing and lending need it, with the way there', async () => {
    answerMarketplace(customer({ kycStatus: 'rejected' }));
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });
    const notice = await screen.findByRole('note', { name: text('lending:kyc.title') });
    expect(notice.textContent).toContain(text('lending:kyc.body'));
    const link = within(notice).getByRole('link', { name: text('lending:kyc.link') });
    expect(link.getAttribute('href')).toBe('/account/kyc');
    // The marketplace stays in view.
    expect(await screen.findByRole('listitem', { name: /500/ })).toBeTruthy();
  });

  it('says nothing about identity to a customer whose KYC is approved', async () => {
    answerMarketplace(customer({ kycStatus: 'approved' }));
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });
    expect(await screen.findByRole('listitem', { name: /500/ })).toBeTruthy();
    // The notice waits for the profile: its absence means something only once the profile is in.
    await waitFor(() => expect(api.calls(userApi.profile)).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByRole('note', { name: text('lending:kyc.title') })).toBeNull();
  });

  it('lists open requests and shows the customer’s own on their tab', async () => {
    answerMarketplace();
    api.answer(lendingApi.myRequests, loanListSchema, { items: [], page: 1, limit: 20, total: 0 });
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });

    const card = await screen.findByRole('listitem', { name: /500/ });
    expect(within(card).getByText(text('lending:status.open'))).toBeTruthy();
    expect(within(card).getByText(text('lending:card.days', { count: 30 }))).toBeTruthy();
    expect(api.calls(lendingApi.market)[0]?.query.get('sort')).toBe('rate_desc');

    await userEvent.click(screen.getByRole('tab', { name: text('lending:views.requests') }));

    expect(await screen.findByText(text('lending:empty.requests.title'))).toBeTruthy();
    expect(screen.getByRole('tab', { name: text('lending:views.requests') }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('says what happened once a loan is funded: the loan leaves the marketplace', async () => {
    answerMarketplace();
    api.answer(lendingApi.lend, loanSchema, { ...openRequest, status: 'active', role: 'lender' });
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });

    const card = await screen.findByRole('listitem', { name: /500/ });
    await userEvent.click(within(card).getByRole('button', { name: text('lending:actions.lend') }));
    // "At term" is the most a lender gets: a repayment before it pays less, and the dialog says so.
    expect(await screen.findByText(text('lending:lend.early'))).toBeTruthy();
    // One summary, one number of decimals per coin: 500 paid beside 502.96 received reads 500.000000.
    const summary = screen.getByRole('dialog', { name: text('lending:lend.title') });
    expect(within(summary).getByText('500.000000 USDT')).toBeTruthy();
    expect(within(summary).getByText('502.960000 USDT')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: text('lending:lend.confirm') }));

    expect(await screen.findByText(text('lending:done.lend', { amount: '500 USDT' }))).toBeTruthy();
    expect(api.calls(lendingApi.lend)).toHaveLength(1);
  });
});

describe('the lend confirmation', () => {
  // UI.md: dollar values beside amounts, and a summary before money moves. A lender saw 0.02 BTC of
  // collateral and a loan-to-value, but not what the collateral is worth, which the loan request's
  // preview shows the borrower.
  // The loan's own values, computed with its loan-to-value at one set of prices (not a preview read
  // at another moment, whose dollars could divide to another ratio than the LTV beside them).
  it('values the loan and its collateral in dollars at the prices of its loan-to-value', async () => {
    answerMarketplace();
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });

    const card = await screen.findByRole('listitem', { name: /500/ });
    await userEvent.click(within(card).getByRole('button', { name: text('lending:actions.lend') }));
    const summary = screen.getByRole('dialog', { name: text('lending:lend.title') });
    const values = await within(summary).findByText(text('lending:preview.values'), { selector: 'dt' });
    expect(values.nextElementSibling?.textContent).toBe('$500.20 / $925.93');
    expect(api.calls(lendingApi.preview)).toHaveLength(0);
  });
});

describe('a repaid loan’s details', () => {
  it('tell the lender what reached them: the amount paid less the platform fee', async () => {
    const repaid: Loan = {
      ...openRequest,
      status: 'repaid',
      role: 'lender',
      amount: '500.5',
      debtNow: '501.699829',
      interestNow: '1.199829',
      paid: '501.699829',
      fee: '0.119982',
      collateralSeized: '0',
      collateralReturned: '0.02',
      ltvBps: null,
    };
    answerMarketplace();
    api.answer(lendingApi.myRepaidLending, loanListSchema, { items: [repaid], page: 1, limit: 20, total: 1 });
    api.answer(lendingApi.getLoan, loanSchema, repaid);
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });

    await userEvent.click(screen.getByRole('tab', { name: text('lending:views.repaidToMe') }));
    const card = await screen.findByRole('listitem', { name: /500\.5/ });
    await userEvent.click(within(card).getByRole('button', { name: text('lending:card.details') }));

    const dialog = await screen.findByRole('dialog', { name: text('lending:detail.title') });
    const row = (label: string) => within(dialog).getByText(label).parentElement?.querySelector('dd')?.textContent;
    await within(dialog).findByText(text('lending:detail.paid'));
    expect(row(text('lending:detail.amount'))).toBe('500.500000 USDT');
    expect(row(text('lending:detail.paid'))).toBe('501.699829 USDT');
    expect(row(text('lending:detail.fee'))).toBe('0.119982 USDT');
    expect(row(text('lending:detail.lenderReceived.lender'))).toBe('501.579847 USDT');
  });
});

describe('a loan settled from its collateral', () => {
  const liquidated: Loan = {
    ...openRequest,
    status: 'liquidated',
    role: 'borrower',
    amount: '1000',
    paid: '0',
    fee: '0',
    collateralSeized: '0.02337809',
    collateralReturned: '0.97662191',
    debtSettled: '1001.917809',
    penalty: '50.095891',
    ltvBps: null,
  };

  async function openDetails(loan: Loan, language: 'en' | 'fr' = 'en') {
    answerMarketplace();
    api.answer(lendingApi.myRepaidBorrowing, loanListSchema, { items: [loan], page: 1, limit: 20, total: 1 });
    api.answer(lendingApi.getLoan, loanSchema, loan);
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'], language });
    await userEvent.click(screen.getByRole('tab', { name: text('lending:views.repaid') }));
    const card = await screen.findByRole('listitem', { name: /1[\s,.\u202f]?000/ });
    await userEvent.click(within(card).getByRole('button', { name: text('lending:card.details') }));
    const dialog = await screen.findByRole('dialog', { name: text('lending:detail.title') });
    await within(dialog).findByText(text('lending:detail.seized'));
    return (label: string) => within(dialog).queryByText(label)?.parentElement?.querySelector('dd')?.textContent;
  }

  it('tells the borrower the debt and penalty the collateral paid, in the loan’s coin', async () => {
    const row = await openDetails(liquidated);
    expect(row(text('lending:detail.debtSettled'))).toBe('1,001.917809 USDT');
    expect(row(text('lending:detail.penalty'))).toBe('50.095891 USDT');
    expect(row(text('lending:detail.seized'))).toBe('0.02337809 BTC');
  });

  it('writes the figures in the reader’s locale', async () => {
    const row = await openDetails(liquidated, 'fr');
    const group = new Intl.NumberFormat('fr-FR').format(1000).charAt(1);
    expect(row(text('lending:detail.debtSettled'))).toBe(`1${group}001,917809 USDT`);
    expect(row(text('lending:detail.penalty'))).toBe('50,095891 USDT');
  });

  it('shows no debt or penalty for a loan settled before they were recorded', async () => {
    const row = await openDetails({ ...liquidated, debtSettled: null, penalty: null });
    expect(row(text('lending:detail.debtSettled'))).toBeUndefined();
    expect(row(text('lending:detail.penalty'))).toBeUndefined();
    expect(row(text('lending:detail.returned'))).toBe('0.97662191 BTC');
  });
});

describe('posting a request', () => {
  it('refuses a loan worth less than 10 dollars as it is typed', async () => {
    answerMarketplace();
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });

    await userEvent.click(await screen.findByRole('button', { name: text('lending:request.open') }));
    const dialog = await screen.findByRole('dialog', { name: text('lending:request.title') });
    const amount = within(dialog).getByLabelText(text('lending:form.amount', { asset: 'USDT' }));
    await userEvent.type(amount, '9.99');

    expect(await within(dialog).findByText(text('lending:errors.loan_amount_below_minimum'))).toBeTruthy();
    const post = within(dialog).getByRole('button', { name: text('lending:request.confirm') });
    expect((post as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls(lendingApi.preview)).toHaveLength(0);
  });
});

describe('repaying', () => {
  it('says what left the wallet and what came back', async () => {
    const active: Loan = {
      ...openRequest,
      status: 'active',
      role: 'borrower',
      debtNow: '501.150685',
      interestNow: '1.150685',
      debtUsd: '501.35',
      fundedAt: '2026-11-24T12:00:00.000Z',
      dueAt: '2026-12-24T12:00:00.000Z',
    };
    answerMarketplace();
    api.answer(lendingApi.myBorrowing, loanListSchema, { items: [active], page: 1, limit: 20, total: 1 });
    api.answer(lendingApi.getLoan, loanSchema, active);
    api.answer(lendingApi.repay, loanSchema, { ...active, status: 'repaid', paid: '501.150685', fee: '0.115068' });
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });

    await userEvent.click(screen.getByRole('tab', { name: text('lending:views.borrowing') }));
    const card = await screen.findByRole('listitem', { name: /500/ });
    // The card says what is owed (and its dollars, which its LTV divides) and by when.
    const fact = (label: string) => within(card).getByText(label).parentElement?.querySelector('dd')?.textContent;
    expect(fact(text('lending:detail.debtNow'))).toBe('501.150685 USDT $501.35');
    expect(fact(text('lending:detail.dueAt'))).toMatch(/^Dec 24, 2026/);
    await userEvent.click(within(card).getByRole('button', { name: text('lending:actions.repay') }));
    await userEvent.click(await screen.findByRole('button', { name: text('lending:repay.confirm') }));

    const said = text('lending:done.repay', { paid: '501.150685 USDT', collateral: '0.02 BTC' });
    expect(await screen.findByText(said)).toBeTruthy();
    expect(said).toContain('501.150685 USDT');
  });
});

describe('repaying while the debt is read again', () => {
  it('keeps Repay off until the debt shown is the current one', async () => {
    const active: Loan = { ...openRequest, status: 'active', role: 'borrower', debtNow: '501.150685' };
    answerMarketplace();
    api.answer(lendingApi.myBorrowing, loanListSchema, { items: [active], page: 1, limit: 20, total: 1 });
    const reading = api.hold(lendingApi.getLoan, loanSchema);
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });

    await userEvent.click(screen.getByRole('tab', { name: text('lending:views.borrowing') }));
    const card = await screen.findByRole('listitem', { name: /500/ });
    await userEvent.click(within(card).getByRole('button', { name: text('lending:actions.repay') }));
    const dialog = await screen.findByRole('dialog', { name: text('lending:repay.title') });
    const repay = within(dialog).getByRole('button', { name: text('lending:repay.confirm') }) as HTMLButtonElement;
    expect(repay.disabled).toBe(true);
    expect(repay.getAttribute('aria-busy')).toBe('true');

    reading.release({ ...active, debtNow: '501.180822' });
    expect(await within(dialog).findByText('501.180822 USDT')).toBeTruthy();
    expect(repay.disabled).toBe(false);
    expect(api.calls(lendingApi.repay)).toHaveLength(0);
  });
});

describe('the rates of a loan', () => {
  // Staking writes its APYs so (finance-staking.test.tsx): one rate, one form on both screens.
  it.each([
    ['en', '8%', '54.00%'],
    ['fr', '8\u00a0%', '54,00\u00a0%'],
  ] as const)(
    'writes the yearly rate as exact, without trailing zeros, beside a 2-decimal LTV (%s)',
    async (language, rate, ltv) => {
      answerMarketplace();
      await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'], language });

      const card = await screen.findByRole('listitem', { name: /500/ });
      const figure = (label: string) =>
        within(card).getByText(text(label)).parentElement?.querySelector('dd')?.textContent;
      const spaces = (value: string | undefined) => value?.replace(/[\u00a0\u202f]/g, '\u00a0');
      expect(spaces(figure('lending:card.rate'))).toBe(rate);
      expect(spaces(figure('lending:card.ltv'))).toBe(ltv);
      await userEvent.click(within(card).getByRole('button', { name: text('lending:actions.lend') }));
      const dialog = await screen.findByRole('dialog');
      expect(
        spaces(within(dialog).getByText(text('lending:card.rate')).parentElement?.querySelector('dd')?.textContent),
      ).toBe(`${rate} · ${text('lending:card.days', { count: 30 })}`);
    },
  );
});

describe('cancelling a request', () => {
  it.each(['en', 'fr'] as const)(
    'shows the collateral with the same digits on the card and in the dialog (%s)',
    async (language) => {
      answerMarketplace();
      const mine = { ...openRequest, role: 'borrower' as const, collateralAmount: '0.005' };
      api.answer(lendingApi.myRequests, loanListSchema, { items: [mine], page: 1, limit: 20, total: 1 });
      await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'], language });

      await userEvent.click(screen.getByRole('tab', { name: text('lending:views.requests') }));
      const card = await screen.findByRole('listitem', { name: /500/ });
      // The card's coins, before the dollar value under them.
      const onCard = within(card)
        .getByText(text('lending:card.collateral'))
        .parentElement?.querySelector('dd')?.firstChild;
      await userEvent.click(within(card).getByRole('button', { name: text('lending:actions.cancel') }));
      const dialog = await screen.findByRole('dialog', { name: text('lending:cancelStep.title') });
      const inDialog = within(dialog).getByText(text('lending:cancelStep.returns')).parentElement?.querySelector('dd');
      expect(onCard?.textContent).toBe(language === 'fr' ? '0,00500000 BTC' : '0.00500000 BTC');
      expect(inDialog?.textContent).toBe(onCard?.textContent);
    },
  );

  it('offers a way out that does not read like the cancellation', async () => {
    answerMarketplace();
    api.answer(lendingApi.myRequests, loanListSchema, {
      items: [{ ...openRequest, role: 'borrower' }],
      page: 1,
      limit: 20,
      total: 1,
    });
    await renderScreen({ path: '/dashboard/finance', Component, namespaces: ['lending'] });

    await userEvent.click(screen.getByRole('tab', { name: text('lending:views.requests') }));
    const card = await screen.findByRole('listitem', { name: /500/ });
    await userEvent.click(within(card).getByRole('button', { name: text('lending:actions.cancel') }));

    const dialog = await screen.findByRole('dialog', { name: text('lending:cancelStep.title') });
    expect(within(dialog).queryByRole('button', { name: text('lending:cancel') })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: text('lending:cancelStep.keep') }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(lendingApi.cancel)).toHaveLength(0);
  });
});
