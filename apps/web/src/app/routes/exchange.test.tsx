// The exchange screen (spec §2, issue 19 defect 1): BTC/USDT with its live price, and an amount pasted
// into Total read as the person means it ("1,000.50" is 1000.50) or refused visibly, never rewritten.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  alertListSchema,
  dashboardSchema,
  marketsApi,
  orderListSchema,
  orderRateSchema,
  tickerSchema,
  userApi,
  userSchema,
  walletApi,
} from '@rora/contracts';
import { customer, portfolioAsset, signedInCustomer } from '../../testing/fixtures.ts';
import { answerBtcMarket, btcTicker, orderRateOf } from '../../testing/market-fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import type { LanguageCode } from '../../lib/i18n/languages.ts';
import { Component } from './exchange.tsx';
import { eventually } from '../../testing/eventually.ts';

vi.mock('lightweight-charts', () => import('../../testing/fake-chart-library.ts'));

const api = installFakeApi();

function answerExchange(profile = customer()) {
  signInAs(signedInCustomer());
  answerBtcMarket(api);
  api.answer(userApi.profile, userSchema, profile);
  api.answer(walletApi.dashboard, dashboardSchema, {
    totalBalance: '5000.00',
    change24h: null,
    assets: [portfolioAsset('USDT', { available: '5000', total: '5000', usdValue: '5000.00' })],
  });
  api.answer(marketsApi.listOrders, orderListSchema, { items: [], page: 1, limit: 20, total: 0 });
  // A valid market order asks for its estimate once typing pauses (a debounce): on a busy machine
  // that fires within a test that never meant to ask, so every test has one; a test may answer another.
  api.answer(marketsApi.orderRate, orderRateSchema, orderRateOf());
}

async function openExchange(language: LanguageCode = 'en') {
  answerExchange();
  await renderScreen({ path: '/dashboard/exchange', Component, namespaces: ['exchange', 'onramp'], language });
  // The form takes input once the customer's balances are known.
  await screen.findByText(language === 'en' ? /5,000(\.0+)? USDT/ : /5\.000(,0+)? USDT/);
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

  it('keeps a total typed on Market when the customer moves to Limit, the amount following the price', async () => {
    await openExchange();
    const field = (label: string) => screen.getByLabelText(text(label)) as HTMLInputElement;
    const shown = () => [field('exchange:totalLabel').value, field('exchange:amountLabel').value];
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:market') }));
    await userEvent.click(field('exchange:totalLabel'));
    await userEvent.paste('1000');
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:limit') }));
    // No price yet: the total stays as typed, and nothing is shown for the amount.
    expect(shown()).toEqual(['1000', '']);
    await userEvent.click(field('exchange:priceLabel'));
    await userEvent.paste('50000');
    expect(shown()).toEqual(['1000', '0.02']);
    // A price that is not one empties the amount, never shows the one of another price.
    await userEvent.clear(field('exchange:priceLabel'));
    await userEvent.paste('0');
    expect(shown()).toEqual(['1000', '']);
  });

  it('shows a market order the total the summary shows, not one at the best price', async () => {
    await openExchange();
    // The estimate walks the book and adds the fee: 0.01 BTC costs 651.3 USDT, not 0.01 × the best ask.
    api.answer(
      marketsApi.orderRate,
      orderRateSchema,
      orderRateOf({ feeBps: 20, fee: '1.3', total: '651.3', receive: '0.01', feeAsset: 'USDT' }),
    );
    const field = (label: string) => screen.getByLabelText(text(label)) as HTMLInputElement;
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:market') }));
    await userEvent.click(field('exchange:amountLabel'));
    await userEvent.paste('0.01');
    await eventually(() => expect(field('exchange:totalLabel').value).toBe('651.3'));
    expect(screen.getAllByText(/651\.300000 USDT/).length).toBeGreaterThan(0);
  });

  it('shows every USDT figure of the summary with the same decimals, in the reader’s marks', async () => {
    await openExchange('pt_br');
    api.answer(
      marketsApi.orderRate,
      orderRateSchema,
      orderRateOf({ feeBps: 20, fee: '1.361323', total: '651.3', receive: '0.01', feeAsset: 'USDT' }),
    );
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:market') }));
    await userEvent.click(screen.getByLabelText(text('exchange:amountLabel')));
    await userEvent.paste('0,01');
    const summary = await screen.findByText(text('exchange:summaryTotalBuy'), { selector: 'dt' });
    const rows = [...summary.closest('dl')!.querySelectorAll('dd')].map((cell) => cell.textContent);
    expect(rows.slice(1)).toEqual(['1,361323 USDT', '651,300000 USDT', '0,01000000 BTC']);
  });

  it('asks an empty Market form for what it has: an amount or a total, no price', async () => {
    await openExchange();
    expect(screen.getByText(text('exchange:summaryHint'))).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:market') }));
    expect(screen.queryByText(text('exchange:summaryHint'))).toBeNull();
    expect(screen.getByText(text('exchange:summaryHintMarketBuy'))).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:sell') }));
    expect(screen.getByText(text('exchange:summaryHintMarketSell'))).toBeTruthy();
  });

  it('shows a rule error without the hint to enter what the customer already entered', async () => {
    await openExchange();
    const field = (label: string) => screen.getByLabelText(text(label)) as HTMLInputElement;
    await userEvent.click(field('exchange:priceLabel'));
    await userEvent.paste('50000');
    await userEvent.click(field('exchange:amountLabel'));
    await userEvent.paste('1,000.50');
    expect(await screen.findByText(text('exchange:errors.available_balance_must_cover_order'))).toBeTruthy();
    expect(screen.queryByText(text('exchange:summaryHint'))).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:market') }));
    await userEvent.clear(field('exchange:amountLabel'));
    await userEvent.paste('-5');
    expect(field('exchange:amountLabel').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(text('exchange:summaryHintMarketBuy'))).toBeNull();
    // Cleared, the field's own error asks for an amount: said once, not again below.
    await userEvent.clear(field('exchange:amountLabel'));
    expect(await screen.findByText(text('exchange:errors.order_amount_required'))).toBeTruthy();
    expect(screen.queryByText(text('exchange:summaryHintMarketBuy'))).toBeNull();
  });

  it('keeps an amount typed on Market as the amount on Limit, the price field empty', async () => {
    await openExchange();
    const field = (label: string) => screen.getByLabelText(text(label)) as HTMLInputElement;
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:market') }));
    await userEvent.click(field('exchange:amountLabel'));
    await userEvent.paste('0.01');
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:limit') }));
    expect([field('exchange:priceLabel').value, field('exchange:amountLabel').value]).toEqual(['', '0.01']);
  });

  it('turns a total typed for a market buy into the amount when the customer sells instead', async () => {
    await openExchange();
    const field = (label: string) => screen.getByLabelText(text(label)) as HTMLInputElement;
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:market') }));
    await userEvent.click(field('exchange:totalLabel'));
    await userEvent.paste('1000');
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:sell') }));
    // A market sell is given by its amount, shown and sent; its total is the estimate's, not typed.
    const amount = field('exchange:amountLabel').value;
    expect(amount).toMatch(/^0\.0\d+$/);
    expect(field('exchange:totalLabel').readOnly).toBe(true);
    // Switching sides keeps it: the amount shown is the amount sent.
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:buy') }));
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:sell') }));
    expect(field('exchange:amountLabel').value).toBe(amount);
  });

  // Lighthouse measured a layout shift of 0.15 on a phone: the ticker's stats and the KYC notice
  // arrived after the first paint and pushed the chart and the book down.
  it("keeps the ticker's place while it loads and shows the KYC notice below the panes", async () => {
    answerExchange(customer({ kycStatus: 'pending' }));
    const ticker = api.hold(marketsApi.ticker, tickerSchema);
    await renderScreen({ path: '/dashboard/exchange', Component, namespaces: ['exchange', 'onramp'] });
    const stats = (await screen.findByText(text('exchange:lastPrice'))).closest('.market-bar__stats')!;
    expect(stats.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText(text('exchange:high24h'))).toBeTruthy();
    ticker.release(btcTicker);
    await eventually(() => expect(stats.getAttribute('aria-busy')).toBe('false'));
    const notice = await screen.findByText(new RegExp(text('exchange:kycTitle')));
    const panes = document.querySelector('.exchange__layout')!;
    expect(panes.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  // A form drawn while the profile loads took a customer's typing and then vanished into the KYC gate.
  it('draws neither the order form nor the KYC gate until the profile says which', async () => {
    answerExchange();
    const profile = api.hold(userApi.profile, userSchema);
    await renderScreen({ path: '/dashboard/exchange', Component, namespaces: ['exchange', 'onramp'] });
    const outline = await screen.findByLabelText(text('common:loading'));
    expect(outline.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('form', { name: text('exchange:orderForm') })).toBeNull();
    expect(screen.queryByText(text('exchange:kycRequired'))).toBeNull();
    profile.release(customer({ kycStatus: 'pending' }));
    await screen.findByText(text('exchange:kycRequired'));
    expect(screen.queryByRole('form', { name: text('exchange:orderForm') })).toBeNull();
    expect(screen.queryByLabelText(text('common:loading'))).toBeNull();
  });

  it('lets a keyboard reach and scroll the recent trades', async () => {
    await openExchange();
    const trades = await screen.findByRole('list', { name: text('exchange:recentTrades') });
    expect(trades.tabIndex).toBe(0);
  });

  it('puts a price chosen in the book into the form, turning a market order into a limit order', async () => {
    await openExchange();
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:market') }));
    await userEvent.click(screen.getByRole('button', { name: /46,000\.1: use this price/ }));
    expect(screen.getByRole('tab', { name: text('exchange:limit') }).getAttribute('aria-selected')).toBe('true');
    // Grouped as the book shows it; the form still holds the plain decimal.
    expect((screen.getByLabelText(text('exchange:priceLabel')) as HTMLInputElement).value).toBe('46,000.1');
  });

  it('refuses a price alert at zero as it is typed, with the button off', async () => {
    await openExchange();
    api.answer(marketsApi.listAlerts, alertListSchema, { items: [], page: 1, limit: 50, total: 0 });
    await userEvent.click(screen.getByRole('button', { name: text('exchange:setAlert') }));
    const dialog = within(await screen.findByRole('dialog'));
    const price = dialog.getByLabelText(text('exchange:alertPrice'));
    const create = dialog.getByRole('button', { name: text('exchange:createAlert') });
    for (const typed of ['0', '0.00']) {
      await userEvent.clear(price);
      await userEvent.type(price, typed);
      expect(await dialog.findByText(text('exchange:errors.price_must_be_positive'))).toBeTruthy();
      expect(create).toHaveProperty('disabled', true);
    }
    await userEvent.clear(price);
    await userEvent.type(price, '50000');
    expect(dialog.queryByText(text('exchange:errors.price_must_be_positive'))).toBeNull();
    expect(create).toHaveProperty('disabled', false);
  });
});
