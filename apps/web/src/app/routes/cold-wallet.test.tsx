// The cold wallet (spec §2): the cold holdings, and a move in approved with the PIN, sent once with
// its idempotency key, and confirmed in the customer's words; dollar values from the quantities at the
// coins' prices, rounded to the cent half to even (ADR 0035), whatever the API's own figure; a move's amount
// written as the wallets' transactions write the same move.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  coldWalletDetailSchema,
  coldWalletListSchema,
  coldWalletMoveResultSchema,
  dashboardSchema,
  userApi,
  userSchema,
  walletApi,
  type ColdWallet,
} from '@rora/contracts';
import { customer, portfolioAsset, signedInCustomer } from '../../testing/fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './cold-wallet.tsx';

const api = installFakeApi();

const btc: ColdWallet = {
  id: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
  assetSymbol: 'BTC',
  name: 'Bitcoin',
  logo: '/coins/btc.svg',
  quantity: '0.1',
  usdValue: '4600.00',
  available: '0.5',
};

function answerPrices(btcPrice: string) {
  const assets = [portfolioAsset('BTC', { usdPrice: btcPrice })];
  api.answer(walletApi.dashboard, dashboardSchema, { totalBalance: '0.00', change24h: null, assets });
}

describe('the cold wallet screen', () => {
  it('values the holdings at the coins prices, rounded rather than cut', async () => {
    signInAs(signedInCustomer());
    api.answer(userApi.profile, userSchema, customer({ pinSet: true }));
    answerPrices('53600.2');
    // 0.01866 BTC at $53,600.20 is worth $1,000.179732; the API sends it cut.
    const small = { ...btc, quantity: '0.01866', usdValue: '1000.17' };
    api.answer(walletApi.listColdWallets, coldWalletListSchema, { wallets: [small], totalBalance: '1000.17' });
    api.answer(walletApi.coldWallet, coldWalletDetailSchema, {
      wallet: small,
      items: [],
      page: 1,
      limit: 10,
      total: 0,
    });
    await renderScreen({ path: '/dashboard/cold-wallet', Component, namespaces: ['coldWallet', 'wallets'] });

    expect(await screen.findByText('$1,000.18', { selector: '[data-testid="cold-total"]' })).toBeTruthy();
    expect(await screen.findByText('$1,000.18', { selector: '.holding .cold__muted' })).toBeTruthy();
  });

  it('shows a move amount as the wallets transactions do, not cut like a balance', async () => {
    signInAs(signedInCustomer());
    api.answer(userApi.profile, userSchema, customer({ pinSet: true }));
    answerPrices('46000');
    const held = { ...btc, quantity: '0.12345678' };
    api.answer(walletApi.listColdWallets, coldWalletListSchema, { wallets: [held], totalBalance: '5678.01' });
    const move = (id: string, direction: 'to_cold' | 'from_cold', amount: string) => ({
      id,
      direction,
      amount,
      createdAt: '2026-11-30T10:00:00.000Z',
    });
    api.answer(walletApi.coldWallet, coldWalletDetailSchema, {
      wallet: held,
      items: [
        move('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 'from_cold', '0.00005322'),
        move('1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 'to_cold', '0.1234'),
      ],
      page: 1,
      limit: 10,
      total: 2,
    });
    await renderScreen({ path: '/dashboard/cold-wallet', Component, namespaces: ['coldWallet', 'wallets'] });

    // The holding is a balance (3 decimals, cut); the moves are coin amounts in a list (ADR 0035).
    expect(await screen.findByText('0.123 BTC', { selector: '.holding__amounts span' })).toBeTruthy();
    const amounts = async () =>
      (await screen.findAllByText(/BTC$/, { selector: '.cold-moves__amount' })).map((n) => n.textContent);
    expect(await amounts()).toEqual(['−0.00005322 BTC', '+0.1234 BTC']);
  });

  it('moves BTC in with the PIN and says it is done', async () => {
    signInAs(signedInCustomer());
    api.answer(userApi.profile, userSchema, customer({ pinSet: true }));
    answerPrices('46000');
    api.answer(walletApi.listColdWallets, coldWalletListSchema, { wallets: [btc], totalBalance: '4600.00' });
    api.answer(walletApi.coldWallet, coldWalletDetailSchema, { wallet: btc, items: [], page: 1, limit: 10, total: 0 });
    api.answer(walletApi.moveColdWallet, coldWalletMoveResultSchema, {
      wallet: { ...btc, quantity: '0.3', available: '0.3', usdValue: '13800.00' },
      move: {
        id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        direction: 'to_cold',
        amount: '0.2',
        createdAt: new Date().toISOString(),
      },
    });
    await renderScreen({
      path: '/dashboard/cold-wallet',
      Component,
      namespaces: ['coldWallet', 'wallets'],
    });

    await userEvent.click(
      await screen.findByRole('button', { name: text('coldWallet:holdings.moveInLabel', { asset: 'BTC' }) }),
    );
    const dialog = await screen.findByRole('dialog', { name: text('coldWallet:move.title', { asset: 'BTC' }) });
    await userEvent.type(within(dialog).getByLabelText(text('coldWallet:move.amount')), '0.1234');
    await userEvent.type(await within(dialog).findByLabelText(text('wallets:approval.pin')), '1234');
    await userEvent.click(within(dialog).getByRole('button', { name: text('coldWallet:move.submitIn') }));

    // A coin amount in a sentence (ADR 0035): what moved, not cut to a balance's three decimals.
    const done = text('coldWallet:move.doneIn', { amount: '0.1234 BTC' });
    expect(await within(await screen.findByRole('status')).findByText(done)).toBeTruthy();
    const [sent] = api.calls(walletApi.moveColdWallet);
    expect(sent?.body).toEqual({ type: 'create', assetSymbol: 'BTC', quantity: '0.1234', pin: '1234' });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
  });
});
