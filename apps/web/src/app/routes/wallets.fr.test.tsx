// The wallets screen read in French (issue 19 defect 6): dollar values and balances in French marks.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  dashboardSchema,
  userApi,
  userSchema,
  walletApi,
  walletListSchema,
  walletTransactionsSchema,
} from '@rora/contracts';
import { customer, portfolioAsset, signedInCustomer, wallet } from '../../testing/fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './wallets.tsx';

const api = installFakeApi();
const BTC_WALLET = '5d0a3c8e-1f1b-4d7e-9b5a-0c6f1e2d3a41';

describe('the wallets screen in French', () => {
  it('writes balances and dollar values in French marks', async () => {
    signInAs(signedInCustomer());
    api.answer(userApi.profile, userSchema, customer());
    const btc = wallet('BTC', { id: BTC_WALLET, balance: '1.25', usdPrice: '46000.00', usdValue: '57500.00' });
    api.answer(walletApi.dashboard, dashboardSchema, {
      totalBalance: '57500.00',
      change24h: '-1.20',
      assets: [portfolioAsset('BTC', { available: '1.25', total: '1.25', usdPrice: '46000.00', usdValue: '57500.00' })],
    });
    api.answer(walletApi.listWallets, walletListSchema, { wallets: [btc], totalBalance: '57500.00', complete: true });
    api.answer(walletApi.walletTransactions, walletTransactionsSchema, {
      wallet: btc,
      items: [],
      page: 1,
      limit: 10,
      total: 0,
    });
    await renderScreen({ path: '/dashboard/wallets', Component, namespaces: ['wallets'], language: 'fr' });

    const list = await screen.findByRole('navigation', { name: text('wallets:list.label') });
    const row = within(list).getByRole('listitem');
    // 57 500,00 $US and 1,25 BTC: a narrow no-break space groups thousands, a comma marks decimals.
    expect(row.textContent).toMatch(/57\s500,00/);
    expect(row.textContent).toMatch(/1,25\d* BTC/);
    expect(row.textContent).not.toMatch(/57,500\.00/);
    expect(api.calls(walletApi.listWallets)[0]?.headers.get('Accept-Language')).toBe('fr');
  });
});
