// The exchange screen's confirmation (UI.md: confirm before money moves; ADR 0066): an order is sent
// only from the dialog, which shows the summary's estimate, says what the order kind means, marks a
// figure that moved while it was open (to accept before confirming), and keeps a refused order open:
// trying again reuses its Idempotency-Key when no answer came (503), and makes a new one when the
// server answered (a refusal, or the order placed), since it keeps that answer under the key. An open
// order cancelled from the list is said to be, once the API answers.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dashboardSchema,
  marketsApi,
  orderListSchema,
  orderRateSchema,
  orderSchema,
  userApi,
  userSchema,
  walletApi,
  type Order,
  type OrderRate,
} from '@rora/contracts';
import { CONFIRM_REFRESH_MS } from '../../features/exchange/components/use-order-confirm.ts';
import { invalidateAfter } from '../../lib/api/resources/changes.ts';
import { queryClient } from '../../lib/query-client.ts';
import { customer, portfolioAsset, signedInCustomer } from '../../testing/fixtures.ts';
import { answerBtcMarket, orderRateOf } from '../../testing/market-fixtures.ts';
import { installFakeApi, renderScreen, signInAs, text } from '../../testing/render-screen.tsx';
import { Component } from './exchange.tsx';
import { eventually } from '../../testing/eventually.ts';

vi.mock('lightweight-charts', () => import('../../testing/fake-chart-library.ts'));

const api = installFakeApi();
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const rate = orderRateOf({ price: '46000.1', notional: '460.001', total: '460.001' });

const filled: Order = {
  id: '7f0c8a52-4a8e-4d2b-9d0e-2f1a6b3c4d5e',
  symbol: 'BTC/USDT',
  type: 'buy',
  side: 'buy',
  orderType: 'market',
  darkPool: false,
  venue: 'rora',
  timeInForce: null,
  postOnly: false,
  price: null,
  amount: '0.01',
  total: null,
  filledAmount: '0.01',
  filledTotal: '460.001',
  averagePrice: '46000.1',
  fee: '0.00005',
  feeAsset: 'BTC',
  makerFeeBps: 50,
  takerFeeBps: 50,
  status: 'filled',
  cancelReason: null,
  createdAt: '2026-11-30T10:00:00.000Z',
  updatedAt: '2026-11-30T10:00:00.000Z',
  fills: [],
};

/** The customer's USDT, of which `available` is not held by an order. */
function answerUsdt(available: string) {
  api.answer(walletApi.dashboard, dashboardSchema, {
    totalBalance: '5000.00',
    change24h: null,
    assets: [portfolioAsset('USDT', { available, total: '5000', usdValue: '5000.00' })],
  });
}

/** The exchange screen for an approved customer with 5,000 USDT and `orders` open, the market's estimate `estimate`. */
async function openExchange(estimate: OrderRate = rate, orders: Order[] = []) {
  signInAs(signedInCustomer());
  answerBtcMarket(api);
  api.answer(userApi.profile, userSchema, customer());
  answerUsdt('5000');
  api.answer(marketsApi.listOrders, orderListSchema, { items: orders, page: 1, limit: 20, total: orders.length });
  api.answer(marketsApi.orderRate, orderRateSchema, estimate);
  await renderScreen({ path: '/dashboard/exchange', Component, namespaces: ['exchange', 'onramp'] });
}

async function marketBuy(estimate: OrderRate = rate) {
  await openExchange(estimate);
  await screen.findByText(/5,000(\.0+)? USDT/);
  await typeMarketBuy();
  const buy = screen.getByRole('button', { name: text('exchange:submitBuy', { asset: 'BTC' }) });
  await eventually(() => expect(buy).toHaveProperty('disabled', false));
  return buy;
}

/** A market buy of 0.01 BTC typed into the form on screen. */
async function typeMarketBuy() {
  await userEvent.click(screen.getByRole('tab', { name: text('exchange:market') }));
  await userEvent.click(screen.getByLabelText(text('exchange:amountLabel')));
  await userEvent.paste('0.01');
}

/**
 * matchMedia with a window that can be turned across the phone breakpoint (jsdom's stand-in is a
 * desktop for good): `max-width` queries match on a phone, `min-width` ones on a desktop.
 */
function turnableWindow() {
  const lists = new Set<EventTarget>();
  const state = { phone: false };
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const list = new EventTarget();
    lists.add(list);
    const matches = () => (/max-width/.test(query) ? state.phone : /min-width/.test(query) && !state.phone);
    return Object.defineProperties(list, {
      matches: { get: matches },
      media: { value: query },
    }) as MediaQueryList;
  });
  return (phone: boolean) =>
    act(() => {
      state.phone = phone;
      for (const list of lists) list.dispatchEvent(new Event('change'));
    });
}

const dialog = () => screen.getByRole('dialog', { name: text('exchange:confirm.title') });
/** A row of a description list: the value beside its label. */
const value = (within_: HTMLElement, label: string) => {
  const term = within(within_).getAllByText(label, { selector: 'dt' })[0]!;
  return term.nextElementSibling!.textContent;
};
const confirmButton = () => within(dialog()).getByRole('button', { name: text('exchange:confirm.submitBuy') });

describe('confirming an order on the exchange screen', () => {
  it('shows a market buy with the estimate the summary shows, and sends it only once confirmed', async () => {
    await userEvent.click(await marketBuy());
    expect(api.calls(marketsApi.placeOrder)).toEqual([]);
    const summary = document.querySelector<HTMLElement>('.summary')!;
    for (const label of ['summaryFee', 'summaryTotalBuy', 'summaryReceive']) {
      const shown = value(summary, text(`exchange:${label}`, { role: text('exchange:taker'), percent: '0.5%' }));
      expect(value(dialog(), text(`exchange:${label}`, { role: text('exchange:taker'), percent: '0.5%' }))).toBe(shown);
    }
    expect(value(dialog(), text('exchange:confirm.averagePrice'))).toBe(value(summary, text('exchange:summaryPrice')));
    // Every amount of an asset with the same decimals, exact (ADR 0035): USDT 6, BTC 8 on this pair.
    expect(value(dialog(), text('exchange:amountLabel'))).toBe('0.01000000 BTC');
    expect(value(summary, text('exchange:summaryTotalBuy'))).toBe('460.001000 USDT');
    expect(value(summary, text('exchange:summaryReceive'))).toBe('0.00995000 BTC');
    expect(value(dialog(), text('exchange:confirm.order'))).toBe(text('exchange:confirm.kind.market_buy'));
    expect(value(dialog(), text('exchange:pair'))).toBe('BTC/USDT');
    expect(within(dialog()).getByText(text('exchange:confirm.note.market'))).toBeTruthy();

    api.answer(marketsApi.placeOrder, orderSchema, filled);
    await userEvent.click(confirmButton());
    await screen.findByText(/Buy order filled: 0\.01 BTC/);
    expect(api.calls(marketsApi.placeOrder)).toHaveLength(1);
    expect(api.calls(marketsApi.placeOrder)[0]!.body).toEqual({
      symbol: 'BTC/USDT',
      side: 'buy',
      orderType: 'market',
      amount: '0.01',
      venue: 'rora',
    });
    expect(screen.queryByRole('dialog', { name: text('exchange:confirm.title') })).toBeNull();
    // The form is still there, blank for the next order.
    expect((screen.getByLabelText(text('exchange:amountLabel')) as HTMLInputElement).value).toBe('');
  });

  it('confirms a limit order too, with its price and that it can be cancelled while open', async () => {
    await marketBuy();
    await userEvent.click(screen.getByRole('tab', { name: text('exchange:limit') }));
    await userEvent.click(screen.getByLabelText(text('exchange:priceLabel')));
    await userEvent.paste('45000');
    const buy = screen.getByRole('button', { name: text('exchange:submitBuy', { asset: 'BTC' }) });
    await eventually(() => expect(buy).toHaveProperty('disabled', false));
    await userEvent.click(buy);
    expect(value(dialog(), text('exchange:confirm.order'))).toBe(text('exchange:confirm.kind.limit_buy'));
    expect(value(dialog(), text('exchange:confirm.limitPrice'))).toBe('45,000.0 USDT');
    expect(value(dialog(), text('exchange:amountLabel'))).toBe('0.01000000 BTC');
    expect(within(dialog()).getByText(text('exchange:confirm.note.limit'))).toBeTruthy();
    expect(api.calls(marketsApi.placeOrder)).toEqual([]);
  });

  // Escape (the browser's cancel, which jsdom lacks) is the journey's: exchange.spec.ts.
  it('goes back to the form without sending, keeping what was typed', async () => {
    await userEvent.click(await marketBuy());
    await userEvent.click(within(dialog()).getByRole('button', { name: text('exchange:confirm.back') }));
    expect(screen.queryByRole('dialog', { name: text('exchange:confirm.title') })).toBeNull();
    expect(api.calls(marketsApi.placeOrder)).toEqual([]);
    expect((screen.getByLabelText(text('exchange:amountLabel')) as HTMLInputElement).value).toBe('0.01');
  });

  it('asks the estimate again while open, marks what moved, and confirms only once it is accepted', async () => {
    const buy = await marketBuy();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await userEvent.click(buy);
    api.answer(marketsApi.orderRate, orderRateSchema, { ...rate, price: '46100.0', total: '461', notional: '461' });
    const asked = api.calls(marketsApi.orderRate).length;
    vi.advanceTimersByTime(CONFIRM_REFRESH_MS);
    await within(dialog()).findByRole('alert');
    expect(api.calls(marketsApi.orderRate).length).toBe(asked + 1);
    expect(value(dialog(), text('exchange:summaryTotalBuy'))).toMatch(/^461\.000000 USDT/);
    expect(within(dialog()).getByText(text('exchange:confirm.was', { value: '460.001000 USDT' }))).toBeTruthy();
    const accept = within(dialog()).getByRole('button', { name: text('exchange:confirm.accept') });
    await userEvent.click(accept);
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    expect(api.calls(marketsApi.placeOrder)).toEqual([]);
    // The same button, now confirming: focus stayed on it.
    expect(document.activeElement).toBe(confirmButton());
    api.answer(marketsApi.placeOrder, orderSchema, filled);
    await userEvent.keyboard('{Enter}');
    await screen.findByText(/Buy order filled/);
    expect(api.calls(marketsApi.placeOrder)).toHaveLength(1);
  });

  it('keeps a refused order open with the reason, and tries again with the same Idempotency-Key', async () => {
    await userEvent.click(await marketBuy());
    api.refuse(marketsApi.placeOrder, 'market_is_unavailable');
    await userEvent.click(confirmButton());
    expect(await within(dialog()).findByRole('alert')).toHaveProperty(
      'textContent',
      text('exchange:errors.market_is_unavailable'),
    );
    api.answer(marketsApi.placeOrder, orderSchema, filled);
    await userEvent.click(confirmButton());
    await screen.findByText(/Buy order filled/);
    const keys = api.calls(marketsApi.placeOrder).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('says when an order still being placed can be tried again, and tries it with the same Idempotency-Key', async () => {
    await userEvent.click(await marketBuy());
    api.refuseWithHeaders(marketsApi.placeOrder, 'idempotency_request_in_progress', { 'Retry-After': '15' });
    await userEvent.click(confirmButton());
    expect(await within(dialog()).findByRole('alert')).toHaveProperty(
      'textContent',
      text('exchange:errors.inProgressRetryIn', { count: 15 }),
    );
    expect(api.calls(marketsApi.placeOrder)).toHaveLength(1);
    api.answer(marketsApi.placeOrder, orderSchema, filled);
    await userEvent.click(confirmButton());
    await screen.findByText(/Buy order filled/);
    const keys = api.calls(marketsApi.placeOrder).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends the same order a second time as a new order, and a refused one tried again with a new key', async () => {
    const keys = () => api.calls(marketsApi.placeOrder).map((call) => call.headers.get('Idempotency-Key'));
    await userEvent.click(await marketBuy());
    api.refuse(marketsApi.placeOrder, 'available_balance_must_cover_order');
    await userEvent.click(confirmButton());
    await within(dialog()).findByRole('alert');
    api.answer(marketsApi.placeOrder, orderSchema, filled);
    await userEvent.click(confirmButton());
    await screen.findByText(/Buy order filled/);
    // The very same order again: the first was answered, so this one is another order.
    await userEvent.click(screen.getByLabelText(text('exchange:amountLabel')));
    await userEvent.paste('0.01');
    const buy = screen.getByRole('button', { name: text('exchange:submitBuy', { asset: 'BTC' }) });
    await eventually(() => expect(buy).toHaveProperty('disabled', false));
    await userEvent.click(buy);
    await userEvent.click(confirmButton());
    await eventually(() => expect(keys()).toHaveLength(3));
    expect(new Set(keys()).size).toBe(3);
  });

  it('keeps the figures seen after a refusal, says why they are not updated, and drops the reason once they move', async () => {
    const buy = await marketBuy();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await userEvent.click(buy);
    const totalLabel = text('exchange:summaryTotalBuy');
    const total = value(dialog(), totalLabel);
    // Meanwhile another order holds the USDT: the API refuses, and its event reads the balances again.
    api.refuse(marketsApi.placeOrder, 'available_balance_must_cover_order');
    answerUsdt('100');
    await userEvent.click(confirmButton());
    const reason = text('exchange:errors.available_balance_must_cover_order');
    await within(dialog()).findByText(reason);
    await invalidateAfter(queryClient, 'order');
    await within(dialog()).findByText(text('exchange:confirm.outdated', { reason }));
    expect(value(dialog(), totalLabel)).toBe(total);
    expect(dialog().querySelector('.skeleton')).toBeNull();
    expect(confirmButton()).toHaveProperty('disabled', true);
    // The hold ends; the next estimate moved: its figures come with what they were, without the refusal.
    answerUsdt('5000');
    await invalidateAfter(queryClient, 'order');
    await eventually(() => expect(confirmButton()).toHaveProperty('disabled', false));
    api.answer(marketsApi.orderRate, orderRateSchema, { ...rate, price: '46100.0', total: '461', notional: '461' });
    vi.advanceTimersByTime(CONFIRM_REFRESH_MS);
    await within(dialog()).findByText(text('exchange:confirm.moved'));
    expect(within(dialog()).getByText(text('exchange:confirm.was', { value: total }))).toBeTruthy();
    expect(within(dialog()).queryByText(reason)).toBeNull();
    await userEvent.click(within(dialog()).getByRole('button', { name: text('exchange:confirm.accept') }));
    expect(within(dialog()).queryByRole('alert')).toBeNull();
  });
  // A window (or tablet) turned across the phone breakpoint swaps the desktop form for the phone's
  // sheet: the confirmation was the desktop form's, and closed with it, figures and all.
  it('stays open with its figures when the layout changes under it, and still sends the order', async () => {
    const turn = turnableWindow();
    await userEvent.click(await marketBuy());
    const totalLabel = text('exchange:summaryTotalBuy');
    const total = value(dialog(), totalLabel);
    await turn(true);
    expect(document.querySelector('.exchange__form')).toBeNull();
    expect(value(dialog(), totalLabel)).toBe(total);
    await turn(false);
    expect(value(dialog(), totalLabel)).toBe(total);
    api.answer(marketsApi.placeOrder, orderSchema, filled);
    await userEvent.click(confirmButton());
    await screen.findByText(/Buy order filled: 0\.01 BTC/);
    expect(api.calls(marketsApi.placeOrder)).toHaveLength(1);
  });

  it('on a phone, confirms from the order sheet and closes the sheet once the order is placed', async () => {
    const turn = turnableWindow();
    await turn(true);
    await openExchange();
    const buyBar = await screen.findAllByRole('button', { name: text('exchange:submitBuy', { asset: 'BTC' }) });
    await userEvent.click(buyBar[0]!);
    const sheet = await screen.findByRole('dialog', { name: text('exchange:placeOrder') });
    await within(sheet).findByText(/5,000(\.0+)? USDT/);
    await typeMarketBuy();
    const submit = within(sheet).getByRole('button', { name: text('exchange:submitBuy', { asset: 'BTC' }) });
    await eventually(() => expect(submit).toHaveProperty('disabled', false));
    await userEvent.click(submit);
    api.answer(marketsApi.placeOrder, orderSchema, filled);
    await userEvent.click(confirmButton());
    await screen.findByText(/Buy order filled: 0\.01 BTC/);
    expect(screen.queryByRole('dialog', { name: text('exchange:placeOrder') })).toBeNull();
    expect(screen.queryByRole('dialog', { name: text('exchange:confirm.title') })).toBeNull();
  });
});

describe('cancelling an open order from the list', () => {
  it('says the order is cancelled once the API answers, not only by the row leaving', async () => {
    const open: Order = {
      ...filled,
      orderType: 'limit',
      price: '45000',
      filledAmount: '0',
      filledTotal: '0',
      averagePrice: null,
      fee: '0',
      status: 'open',
    };
    await openExchange(rate, [open]);
    const cancel = await screen.findByRole('button', {
      name: text('exchange:cancelOrder', { symbol: 'BTC/USDT', price: '45,000.0' }),
    });
    api.answer(marketsApi.cancelOrder, orderSchema, { ...open, status: 'cancelled' });
    api.answer(marketsApi.listOrders, orderListSchema, { items: [], page: 1, limit: 20, total: 0 });
    await userEvent.click(cancel);
    await screen.findByText(text('exchange:cancelledByYou', { side: 'Buy', symbol: 'BTC/USDT' }));
    expect(api.calls(marketsApi.cancelOrder)).toHaveLength(1);
  });
});
