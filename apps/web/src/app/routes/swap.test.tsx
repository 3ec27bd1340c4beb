// The swap screen (spec §2, issue 19 defect 9): an amount gets a firm quote from the API, shown with
// the coin's decimals (not the 18 the quote may carry) and its dollar value after spread and fee.
// The form starts from the coin the customer holds the most of in dollars, not always from BTC.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  dashboardSchema,
  swapApi,
  swapListSchema,
  swapQuoteSchema,
  userApi,
  userSchema,
  walletApi,
} from '@rora/contracts';
import { customer, portfolioAsset, signedInCustomer } from '../../testing/fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { btcEthQuote } from '../../testing/swap-fixtures.ts';
import { Component } from './swap.tsx';
import { eventually } from '../../testing/eventually.ts';

const api = installFakeApi();

/** A signed-in customer with 1 BTC and no ETH, and no swaps yet. */
function answerCustomerWithBtc() {
  signInAs(signedInCustomer());
  api.answer(userApi.profile, userSchema, customer());
  api.answer(walletApi.dashboard, dashboardSchema, {
    totalBalance: '46000.00',
    change24h: null,
    assets: [
      portfolioAsset('BTC', { available: '1', total: '1', usdPrice: '46000.00', usdValue: '46000.00' }),
      portfolioAsset('ETH', { available: '0', total: '0', usdPrice: '2500.00' }),
    ],
  });
  api.answer(swapApi.listSwaps, swapListSchema, { items: [], page: 1, limit: 10, total: 0 });
}

/** 0.001 BTC (46 dollars) and 500 USDT: the USDT is worth more. */
const SMALL_BTC_MORE_USDT = {
  totalBalance: '546.00',
  change24h: null,
  assets: [
    portfolioAsset('BTC', { available: '0.001', total: '0.001', usdPrice: '46000.00', usdValue: '46.00' }),
    portfolioAsset('USDT', { available: '500', total: '500', usdPrice: '1.00', usdValue: '500.00' }),
  ],
};

function answerProfileAndSwaps() {
  signInAs(signedInCustomer());
  api.answer(userApi.profile, userSchema, customer());
  api.answer(swapApi.listSwaps, swapListSchema, { items: [], page: 1, limit: 10, total: 0 });
}

const pickerValue = (side: 'from' | 'to') =>
  screen.getByRole('button', { name: new RegExp(`^${text(`swap:form.${side}`)}`) }).textContent;

/** A firm quote of 0.01 BTC for ETH at `rate`, living `lifetimeMs` from now. */
function ethQuote(options: { id: string; rate: string; receive: string; lifetimeMs: number }) {
  const { lifetimeMs, ...figures } = options;
  return btcEthQuote({
    ...figures,
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + lifetimeMs).toISOString(),
  });
}

describe('the swap screen', () => {
  it('shows a firm quote for the amount given', async () => {
    answerCustomerWithBtc();
    api.answer(swapApi.convert, swapQuoteSchema, (request) =>
      btcEthQuote({
        from: request.query.get('from') ?? '',
        to: request.query.get('to') ?? '',
        quantity: request.query.get('quantity') ?? '',
        receive: '0.183080000000000000',
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 30_000).toISOString(),
      }),
    );
    await renderScreen({ path: '/dashboard/swap', Component, namespaces: ['swap', 'onramp'] });

    const amount = await screen.findByLabelText(text('swap:form.amountIn', { asset: 'BTC' }));
    await userEvent.type(amount, '0.01');

    expect(await screen.findByText(text('swap:quote.receive'), {}, { timeout: 3000 })).toBeTruthy();
    // The receive amount with the coin's decimals, not the quote's eighteen.
    expect(screen.getByText('0.18308 ETH')).toBeTruthy();
    expect(screen.queryByText(/0\.183080000/)).toBeNull();
    // Worth less than the $460.00 given: the spread and the fee are taken off.
    const [worthOpening = ''] = text('swap:quote.worth', { value: '|' }).split('|');
    const worth = screen.getByText(worthOpening.trim(), { exact: false });
    const dollars = Number(/\$([\d,.]+)/.exec(worth.textContent ?? '')?.[1]?.replace(/,/g, ''));
    expect(dollars).toBeGreaterThan(400);
    expect(dollars).toBeLessThan(460);
    expect(api.calls(swapApi.convert).at(-1)?.query.get('quantity')).toBe('0.01');
  });

  it('shows the amount placeholder in the reader’s marks', async () => {
    answerCustomerWithBtc();
    await renderScreen({ path: '/dashboard/swap', Component, namespaces: ['swap', 'onramp'], language: 'fr' });
    const amount = await screen.findByLabelText(text('swap:form.amountIn', { asset: 'BTC' }));
    // The placeholder is written as the reader writes amounts.
    expect(amount.getAttribute('placeholder')).toBe('0,00');
  });

  it('says the rate changed when an expired quote is refreshed in the confirmation', async () => {
    // The device's clock stands still until the quote should run out: it could run out first while a
    // busy machine typed and opened the confirmation (it is usable for its life less a second).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      answerCustomerWithBtc();
      let answered = 0;
      api.answer(swapApi.convert, swapQuoteSchema, () =>
        (answered += 1) === 1
          ? ethQuote({
              id: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607182',
              rate: '18.308',
              receive: '0.18308',
              lifetimeMs: 2_500,
            })
          : ethQuote({
              id: '3c4d5e6f-7081-4b92-8c3d-4e5f60718293',
              rate: '18.1',
              receive: '0.181',
              lifetimeMs: 30_000,
            }),
      );
      await renderScreen({ path: '/dashboard/swap', Component, namespaces: ['swap', 'onramp'] });
      await userEvent.type(await screen.findByLabelText(text('swap:form.amountIn', { asset: 'BTC' })), '0.01');
      const review = screen.getByRole('button', { name: text('swap:form.review') });
      await eventually(() => expect(review).toHaveProperty('disabled', false));
      await userEvent.click(review);

      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).queryByText(text('swap:confirm.changed'))).toBeNull();
      expect(within(dialog).getByRole('button', { name: text('swap:confirm.confirm') })).toBeTruthy();
      vi.setSystemTime(Date.now() + 2_500);
      await userEvent.click(
        await within(dialog).findByRole('button', { name: text('swap:quote.refresh') }, { timeout: 4000 }),
      );

      expect(await within(dialog).findByText(text('swap:confirm.changed'))).toBeTruthy();
      expect(within(dialog).getByText('0.181 ETH')).toBeTruthy();
      expect(within(dialog).getByText(text('swap:confirm.was', { value: '0.18308 ETH' }))).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: text('swap:confirm.confirm') })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('where the swap form starts', () => {
  it('starts from the coin worth the most at the live price, to BTC', async () => {
    answerProfileAndSwaps();
    api.answer(walletApi.dashboard, dashboardSchema, SMALL_BTC_MORE_USDT);
    await renderScreen({ path: '/dashboard/swap', Component, namespaces: ['swap', 'onramp'] });

    expect(await screen.findByLabelText(text('swap:form.amountIn', { asset: 'USDT' }))).toBeTruthy();
    expect(screen.getByText(text('swap:form.available', { amount: '500.000 USDT' }))).toBeTruthy();
    expect(pickerValue('from')).toContain('USDT');
    expect(pickerValue('to')).toContain('BTC');
  });

  it('starts from BTC to ETH for a customer with nothing to swap, beside the card purchase', async () => {
    answerProfileAndSwaps();
    api.answer(walletApi.dashboard, dashboardSchema, { totalBalance: '0.00', change24h: null, assets: [] });
    await renderScreen({ path: '/dashboard/swap', Component, namespaces: ['swap', 'onramp'] });

    expect(await screen.findByRole('region', { name: text('onramp:heading') })).toBeTruthy();
    expect(screen.getByLabelText(text('swap:form.amountIn', { asset: 'BTC' }))).toBeTruthy();
    expect(pickerValue('to')).toContain('ETH');
  });

  it('keeps a number typed before the balances arrived in the coin it was typed in', async () => {
    answerProfileAndSwaps();
    const dashboard = api.hold(walletApi.dashboard, dashboardSchema);
    api.answer(swapApi.convert, swapQuoteSchema, (request) =>
      btcEthQuote({
        quantity: request.query.get('quantity') ?? '',
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 30_000).toISOString(),
      }),
    );
    await renderScreen({ path: '/dashboard/swap', Component, namespaces: ['swap', 'onramp'] });
    const amount = await screen.findByLabelText(text('swap:form.amountIn', { asset: 'BTC' }));
    await userEvent.type(amount, '0.0005');

    dashboard.release(SMALL_BTC_MORE_USDT);
    expect(await screen.findByText(text('swap:form.available', { amount: '0.001 BTC' }))).toBeTruthy();
    expect(screen.getByLabelText(text('swap:form.amountIn', { asset: 'BTC' }))).toHaveProperty('value', '0.0005');
    expect(pickerValue('from')).toContain('BTC');
  });
});
