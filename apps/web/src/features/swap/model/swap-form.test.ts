import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, balancesFor, checkAmount, flip, maxAmount, pickAsset, type SwapBalance } from './swap-form.ts';

const btc: SwapBalance = { asset: 'BTC', name: 'Bitcoin', available: 100_000_000n };

describe('the swap amount', () => {
  it.each([
    ['', null],
    ['0.000000001', 'amount_has_too_many_decimals'],
    ['1e3', 'amount_is_not_a_decimal'],
    ['0', 'amount_must_be_positive'],
    ['1.00000001', 'swap_amount_exceeds_available_balance'],
  ])('refuses %j with %s', (text, code) => {
    expect(checkAmount(text, 'BTC', btc)).toEqual({ ok: false, code });
  });

  it('accepts up to the whole balance, leaving the minimum to the quote', () => {
    expect(checkAmount('0.0001', 'BTC', btc)).toEqual({ ok: true, minor: 10_000n });
    expect(checkAmount('1', 'BTC', btc)).toEqual({ ok: true, minor: 100_000_000n });
  });

  it('leaves the balance to the server when none is loaded', () => {
    expect(checkAmount('5', 'BTC', undefined)).toEqual({ ok: true, minor: 500_000_000n });
  });

  it('fills max with the whole available balance at the coin’s decimals', () => {
    expect(maxAmount({ ...btc, available: 12_345_678n }, 'BTC')).toBe('0.12345678');
    expect(maxAmount(undefined, 'ETH')).toBe('0');
  });
});

describe('picking coins', () => {
  it('swaps the sides when the coin is already on the other side, and clears the amount', () => {
    expect(pickAsset({ from: 'BTC', to: 'ETH', amount: '1' }, 'from', 'ETH')).toEqual({
      from: 'ETH',
      to: 'BTC',
      amount: '',
    });
    expect(pickAsset({ from: 'BTC', to: 'ETH', amount: '1' }, 'to', 'USDT')).toEqual({
      from: 'BTC',
      to: 'USDT',
      amount: '1',
    });
    expect(flip({ from: 'BTC', to: 'ETH', amount: '1' })).toEqual({ from: 'ETH', to: 'BTC', amount: '' });
    expect(DEFAULT_FORM).toEqual({ from: 'BTC', to: 'ETH', amount: '' });
  });

  it('lists every swappable coin, with zero for one the customer lacks', () => {
    const listed = balancesFor([btc]);
    expect(listed.map((entry) => entry.asset)).toEqual([
      'BTC',
      'ETH',
      'LTC',
      'XRP',
      'SOL',
      'BNB',
      'USDT',
      'BUSD',
      'ADX',
    ]);
    expect(listed[1]).toEqual({ asset: 'ETH', name: 'ETH', available: 0n });
  });
});
