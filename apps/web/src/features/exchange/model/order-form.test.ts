import { describe, expect, it } from 'vitest';
import { marketModel } from './market.ts';
import {
  emptyForm,
  linked,
  maxOf,
  orderBody,
  validateOrder,
  type FormContext,
  type OrderFormValues,
} from './order-form.ts';

const btc = marketModel('BTC/USDT');
const sol = marketModel('SOL/USDT');
const context = (overrides: Partial<FormContext> = {}): FormContext => ({
  market: btc,
  marketPrice: '65000',
  available: { base: 2_00000000n, quote: 10_000_000000n },
  ...overrides,
});
const form = (overrides: Partial<OrderFormValues>): OrderFormValues => ({ ...emptyForm(), ...overrides });

describe('linked amount and total', () => {
  it.each([
    [
      { tab: 'limit', price: '60000', amount: '0.5', edited: 'amount' },
      { amount: '0.5', total: '30000' },
    ],
    [
      { tab: 'limit', price: '60000.1', amount: '0.00003', edited: 'amount' },
      { amount: '0.00003', total: '1.800003' },
    ],
    [
      { tab: 'limit', price: '60000', total: '100', edited: 'total' },
      { amount: '0.00166', total: '100' },
    ],
    [
      { tab: 'market', amount: '0.01', edited: 'amount' },
      { amount: '0.01', total: '650' },
    ],
    [
      { tab: 'market', total: '650', edited: 'total' },
      { amount: '0.01', total: '650' },
    ],
    // Without a valid price the other field is empty, not the number it followed before.
    [
      { tab: 'limit', price: '', amount: '1', total: '7', edited: 'amount' },
      { amount: '1', total: '' },
    ],
    [
      { tab: 'limit', price: '0', amount: '0.5', total: '1000.50', edited: 'amount' },
      { amount: '0.5', total: '' },
    ],
    [
      { tab: 'limit', price: '1e9', amount: '3', total: '1000', edited: 'total' },
      { amount: '', total: '1000' },
    ],
  ] as const)('%j links to %j', (values, expected) => {
    expect(linked(form(values), context())).toEqual(expected);
  });
});

describe('validation', () => {
  it.each([
    [{ tab: 'limit', price: '', amount: '1' }, 'price', 'limit_order_requires_price'],
    [{ tab: 'limit', price: '100.05', amount: '1' }, 'price', 'price_must_be_multiple_of_tick'],
    [{ tab: 'limit', price: '0', amount: '1' }, 'price', 'price_must_be_positive'],
    [{ tab: 'limit', price: '1.2.3', amount: '1' }, 'price', 'amount_is_not_a_decimal'],
    [{ tab: 'limit', price: '100', amount: '' }, 'amount', 'order_amount_required'],
    [{ tab: 'limit', price: '100', amount: '0.000015' }, 'amount', 'quantity_must_be_multiple_of_lot'],
    [{ tab: 'limit', price: '100', amount: '0.000000001' }, 'amount', 'amount_has_too_many_decimals'],
    [{ tab: 'limit', price: '10', amount: '0.00001' }, 'amount', 'notional_must_reach_minimum'],
    [{ tab: 'limit', price: '65000', amount: '1' }, 'amount', 'available_balance_must_cover_order'],
    [{ tab: 'limit', side: 'sell', price: '65000', amount: '3' }, 'amount', 'available_balance_must_cover_order'],
    [{ tab: 'market', edited: 'total', total: '0.5' }, 'total', 'notional_must_reach_minimum'],
    [{ tab: 'market', edited: 'total', total: '' }, 'total', 'order_amount_or_total_required'],
    [{ tab: 'dark', price: '50000', amount: '1.99998' }, 'amount', 'notional_must_reach_dark_pool_minimum'],
    [{ tab: 'limit', price: `1${'0'.repeat(24)}`, amount: '1' }, 'price', 'amount_is_too_large'],
    [{ tab: 'limit', price: '100', amount: `1${'0'.repeat(24)}` }, 'amount', 'amount_is_too_large'],
    [{ tab: 'market', edited: 'total', total: `1${'0'.repeat(24)}` }, 'total', 'amount_is_too_large'],
    [{ tab: 'limit', price: '1', amount: '1'.repeat(101) }, 'amount', 'amount_is_too_long'],
    [{ tab: 'limit', price: '900719925474099.2', amount: '0.00001' }, 'price', 'price_is_out_of_range'],
    [{ tab: 'limit', price: '1', amount: '100000000000' }, 'amount', 'quantity_is_out_of_range'],
    // The audit's case: 10^13 ticks × 10^5 lots is past what the engine counts exactly.
    [{ tab: 'limit', side: 'sell', price: '1000000000000', amount: '1' }, 'amount', 'notional_must_fit_range'],
    [{ tab: 'dark', side: 'sell', price: '1000000000000', amount: '1' }, 'amount', 'notional_must_fit_range'],
  ] as const)('%j: %s %s', (values, field, code) => {
    expect(validateOrder(form(values), context())[0]).toEqual({ field, code });
  });

  it('accepts a valid order, and a dark order at the minimum', () => {
    expect(validateOrder(form({ tab: 'limit', price: '64000.1', amount: '0.1' }), context())).toEqual([]);
    const rich = context({ available: { base: 0n, quote: 200_000_000000n } });
    expect(validateOrder(form({ tab: 'dark', price: '50000', amount: '2' }), rich)).toEqual([]);
  });

  it('accepts the largest value the engine counts exactly', () => {
    const largest = form({ tab: 'limit', side: 'sell', price: '900719925474099.1', amount: '0.00001' });
    expect(validateOrder(largest, context())).toEqual([]);
  });

  it('knows a pair without a dark pool', () => {
    const errors = validateOrder(form({ tab: 'dark', price: '100', amount: '1000' }), context({ market: sol }));
    expect(errors).toEqual([{ field: 'amount', code: 'dark_pool_not_available_for_pair' }]);
  });
});

describe('the request body', () => {
  it.each([
    [
      { tab: 'limit', price: '60000', amount: '0.1', venue: 'kraken' },
      { symbol: 'BTC/USDT', side: 'buy', orderType: 'limit', price: '60000', amount: '0.1', venue: 'kraken' },
    ],
    [
      { tab: 'dark', side: 'sell', price: '60000', amount: '2' },
      { symbol: 'BTC/USDT', type: 'dark pool', side: 'sell', price: '60000', amount: '2', venue: 'rora' },
    ],
    [
      { tab: 'dark', price: '60000', amount: '2', venue: 'kraken' },
      { symbol: 'BTC/USDT', type: 'dark pool', side: 'buy', price: '60000', amount: '2', venue: 'rora' },
    ],
    [
      { tab: 'market', edited: 'total', total: '250' },
      { symbol: 'BTC/USDT', side: 'buy', orderType: 'market', total: '250', venue: 'rora' },
    ],
    [
      { tab: 'market', side: 'sell', edited: 'total', amount: '0.2', total: '1' },
      { symbol: 'BTC/USDT', side: 'sell', orderType: 'market', amount: '0.2', venue: 'rora' },
    ],
  ] as const)('%j sends %j', (values, body) => {
    expect(orderBody(form(values), context())).toEqual(body);
  });

  it('offers the largest amount the balance allows', () => {
    expect(maxOf(form({ tab: 'limit', price: '60000' }), context())).toEqual({ amount: '0.16666' });
    expect(maxOf(form({ tab: 'market' }), context())).toEqual({ total: '10000' });
    expect(maxOf(form({ side: 'sell' }), context())).toEqual({ amount: '2' });
  });
});
