// A send is charged the fee the customer confirmed (issue: the confirmation said 0.00001269 BTC and
// the send charged 0.00001128): the request carries that fee and the estimate's signed quote of it
// (ADR 0080), and when the network's has risen above it the API refuses, the dialog says so and
// shows the fee it would now charge, which the next try sends with its own quote.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  dashboardSchema,
  feeEstimateSchema,
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
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const btc = wallet('BTC', { id: BTC_WALLET, balance: '0.5', usdPrice: '46000.00', usdValue: '23000.00' });
/** The API's quote of a fee stands for an opaque token, one per fee: 54 base64url characters. */
const quoteOf = (fee: string) => fee.replace('.', '_').padEnd(54, 'Q');

function answerWallet() {
  api.answer(userApi.profile, userSchema, customer());
  api.answer(walletApi.dashboard, dashboardSchema, {
    totalBalance: '23000.00',
    change24h: '0.00',
    assets: [portfolioAsset('BTC', { available: '0.5', total: '0.5', usdPrice: '46000.00', usdValue: '23000.00' })],
  });
  api.answer(walletApi.listWallets, walletListSchema, { wallets: [btc], totalBalance: '23000.00', complete: true });
  api.answer(walletApi.walletTransactions, walletTransactionsSchema, {
    wallet: btc,
    items: [],
    page: 1,
    limit: 10,
    total: 0,
  });
}

function answerFee(fee: string) {
  api.answer(walletApi.estimateFee, feeEstimateSchema, (request) => {
    const amount = (request.body as { amount?: string }).amount ?? null;
    return {
      walletId: BTC_WALLET,
      priority: 'normal' as const,
      assetSymbol: 'BTC',
      fee,
      networkFee: fee,
      networkFeeAsset: 'BTC',
      expectedBlocks: 3,
      amount,
      total: null,
      available: '0.5',
      maxAmount: '0.49',
      address: { valid: true as const, address: ADDRESS, destinationTag: null, internal: false },
      quote: amount === null ? null : quoteOf(fee),
    };
  });
}

describe('a send', () => {
  it('sends the fee it confirmed with its quote, and the new one with its own when the network’s has risen', async () => {
    signInAs(signedInCustomer());
    answerWallet();
    answerFee('0.0001');
    await renderScreen({ path: '/dashboard/wallets', Component, namespaces: ['wallets'] });

    await userEvent.click(await screen.findByRole('tab', { name: text('wallets:tabs.send') }));
    await userEvent.type(await screen.findByLabelText(text('wallets:send.address')), ADDRESS);
    await userEvent.type(screen.getByLabelText(text('wallets:send.amount')), '0.01');
    const review = screen.getByRole('button', { name: text('wallets:send.review') });
    await expect.poll(() => review.hasAttribute('disabled')).toBe(false);
    await userEvent.click(review);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('0.0001 BTC')).toBeTruthy();

    answerFee('0.0002');
    api.refuse(walletApi.sendTransaction, 'send_fee_has_changed');
    await userEvent.type(within(dialog).getByLabelText(text('wallets:approval.pin')), '4826');
    await userEvent.click(within(dialog).getByRole('button', { name: text('wallets:confirm.submit') }));

    expect(await within(dialog).findByText(text('wallets:errors.send_fee_has_changed'))).toBeTruthy();
    const sent = () =>
      api.calls(walletApi.sendTransaction).map((call) => {
        const { fee, quote } = call.body as { fee?: string; quote?: string };
        return { fee, quote };
      });
    expect(sent()).toEqual([{ fee: '0.0001', quote: quoteOf('0.0001') }]);
    expect(await within(dialog).findByText('0.0002 BTC')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: text('wallets:confirm.submit') }));
    await expect.poll(() => sent().length).toBe(2);
    expect(sent()[1]).toEqual({ fee: '0.0002', quote: quoteOf('0.0002') });
  });
});
