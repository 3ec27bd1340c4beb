// The wallets screen (spec §2, issue 19): each balance valued at the live price the API answers, the
// portfolio total, and choosing another wallet shows its transactions; the "verify your identity"
// notice follows the profile's KYC status, not the one stored at sign-in.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  dashboardSchema,
  userApi,
  userSchema,
  walletApi,
  walletListSchema,
  walletTransactionsSchema,
} from '@rora/contracts';
import { formatUsd } from '../../lib/format/numbers.ts';
import { customer, portfolioAsset, signedInCustomer, wallet } from '../../testing/fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './wallets.tsx';

const api = installFakeApi();

const BTC_WALLET = '5d0a3c8e-1f1b-4d7e-9b5a-0c6f1e2d3a41';
const ETH_WALLET = '7e2b4d9f-2a2c-4e8f-8c6b-1d7a2f3e4b52';
const btc = wallet('BTC', { id: BTC_WALLET, balance: '0.5', usdPrice: '46000.00', usdValue: '23000.00' });
const eth = wallet('ETH', { id: ETH_WALLET, decimals: 18, balance: '2', usdPrice: '2500.00', usdValue: '5000.00' });

function answerPortfolio() {
  api.answer(walletApi.dashboard, dashboardSchema, {
    totalBalance: '28000.00',
    change24h: '-1.20',
    assets: [
      portfolioAsset('BTC', { available: '0.5', total: '0.5', usdPrice: '46000.00', usdValue: '23000.00' }),
      portfolioAsset('ETH', { available: '2', total: '2', usdPrice: '2500.00', usdValue: '5000.00' }),
    ],
  });
  api.answer(walletApi.listWallets, walletListSchema, {
    wallets: [btc, eth],
    totalBalance: '28000.00',
    complete: true,
  });
  api.answer(walletApi.walletTransactions, walletTransactionsSchema, (request) => ({
    wallet: request.path.endsWith(ETH_WALLET) ? eth : btc,
    items: [],
    page: 1,
    limit: 10,
    total: 0,
  }));
}

describe('the wallets screen', () => {
  it('values each wallet at the live price and shows the chosen wallet’s transactions', async () => {
    signInAs(signedInCustomer());
    api.answer(userApi.profile, userSchema, customer());
    answerPortfolio();
    await renderScreen({ path: '/dashboard/wallets', Component, namespaces: ['wallets'] });

    const list = await screen.findByRole('navigation', { name: text('wallets:list.label') });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain(formatUsd('23000.00'));
    expect(second!.textContent).toContain(formatUsd('5000.00'));
    expect(screen.getAllByText(formatUsd('28000.00')).length).toBeGreaterThan(0);

    await userEvent.click(within(second!).getAllByRole('button')[0]!);

    expect(within(second!).getAllByRole('button')[0]!.getAttribute('aria-current')).toBe('true');
    expect(await screen.findByRole('heading', { level: 2, name: 'ETH' })).toBeTruthy();
    expect(await screen.findByText(text('wallets:transactions.empty'))).toBeTruthy();
    expect(api.calls(walletApi.walletTransactions).map((request) => request.path)).toContain(`/wallet/${ETH_WALLET}`);
  });

  it('drops the identity notice once the profile says the customer is approved', async () => {
    // Signed in while the review was under way; approved since.
    signInAs(signedInCustomer({ kycStatus: 'waiting_for_approval' }));
    api.answer(userApi.profile, userSchema, customer({ kycStatus: 'approved' }));
    answerPortfolio();
    await renderScreen({ path: '/dashboard/wallets', Component, namespaces: ['wallets'] });

    await screen.findByRole('navigation', { name: text('wallets:list.label') });
    await waitFor(() => expect(screen.queryByRole('complementary', { name: text('wallets:kyc.label') })).toBeNull());
    expect(api.calls(userApi.profile).length).toBeGreaterThan(0);
  });

  it('keeps the notice while the profile says the identity is not verified', async () => {
    signInAs(signedInCustomer({ kycStatus: 'not_started' }));
    api.answer(userApi.profile, userSchema, customer({ kycStatus: 'rejected' }));
    answerPortfolio();
    await renderScreen({ path: '/dashboard/wallets', Component, namespaces: ['wallets'] });

    const notice = await screen.findByRole('complementary', { name: text('wallets:kyc.label') });
    expect(await within(notice).findByRole('link', { name: text('wallets:kyc.retry') })).toBeTruthy();
  });
});
