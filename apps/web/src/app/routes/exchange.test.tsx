// The exchange screen (spec §2, issue 19 defect 1): BTC/USDT with its live price, and an amount pasted
// into Total read as the person means it ("1,000.50" is 1000.50) or refused visibly, never rewritten.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dashboardSchema, marketsApi, orderListSchema, userApi, userSchema, walletApi } from '@rora/contracts';
import { customer, portfolioAsset, signedInCustomer } from '../../testing/fixtures.ts';
import { answerBtcMarket } from '../../testing/market-fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './exchange.tsx';

vi.mock('lightweight-charts', () => import('../../testing/fake-chart-library.ts'));

const api = installFakeApi();

async function openExchange() {
  signInAs(signedInCustomer());
  answerBtcMarket(api);
  api.answer(userApi.profile, userSchema, customer());
  api.answer(walletApi.dashboard, dashboardSchema, {
    totalBalance: '5000.00',
    change24h: null,
    assets: [portfolioAsset('USDT', { available: '5000', total: '5000', usdValue: '5000.00' })],
  });
  api.answer(marketsApi.listOrders, orderListSchema, { items: [], page: 1, limit: 20, total: 0 });
  await renderScreen({ path: '/dashboard/exchange', Component, namespaces: ['exchange', 'onramp'] });
  // The form takes input once the customer's balances are known.
  await screen.findByText(/5,000(\.0+)? USDT/);
  return screen.getByLabelText(text('exchange:totalLabel'));
}

describe('the exchange screen', () => {
  it('reads a pasted "1,000.50" in Total as 1000.50 and keeps it as pasted', async () => {
    const total = await openExchange();
    await userEvent.click(screen.getByLabelText(text('exchange:priceLabel')));
    await userEvent.paste('50000');
    await userEvent.click(total);
    await userEvent.paste('1,000.50');
    expect((total as HTMLInputElement).value).toBe('1,000.50');
    expect(total.getAttribute('aria-invalid')).not.toBe('true');
    // 1000.50 USDT at 50,000 buys 0.02001 BTC: the amount follows the total as typed.
    expect((screen.getByLabelText(text('exchange:amountLabel')) as HTMLInputElement).value).toBe('0.02001');
  });

  it('refuses a pasted "1e9" in Total visibly instead of rewriting it', async () => {
    const total = await openExchange();
    await userEvent.click(total);
    await userEvent.paste('1e9');
    expect((total as HTMLInputElement).value).toBe('1e9');
    expect(total.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: text('exchange:submitBuy', { asset: 'BTC' }) })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
