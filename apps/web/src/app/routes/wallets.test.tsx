// The wallets screen (spec §2, issue 19): each balance valued at the live price the API answers, the
// portfolio total, and choosing another wallet shows its transactions.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboardSchema, walletApi, walletListSchema, walletTransactionsSchema } from '@rora/contracts';
import { formatUsd } from '../../lib/format/numbers.ts';
import { portfolioAsset, signedInCustomer, wallet } from '../../testing/fixtures.ts';
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
});
