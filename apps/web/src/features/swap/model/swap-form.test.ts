import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FORM,
  balancesFor,
  checkAmount,
  flip,
  maxAmount,
  pickAsset,
  startingForm,
  type SwapBalance,
} from './swap-form.ts';

const btc: SwapBalance = { asset: 'BTC', name: 'Bitcoin', available: 100_000_000n, usdPrice: '46000.00' };

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
    expect(listed[1]).toEqual({ asset: 'ETH', name: 'ETH', available: 0n, usdPrice: null });
  });
});

describe('the pair the form starts from', () => {
  const held = (asset: string, available: bigint, usdPrice: string | null): SwapBalance => ({
    asset,
    name: asset,
    available,
    usdPrice,
  });

  it.each([
    ['nothing is loaded yet', undefined, DEFAULT_FORM],
    ['nothing is available', balancesFor([]), DEFAULT_FORM],
    // 0.001 BTC is 46 dollars; 500 USDT is worth more.
    [
      'the coin worth the most, to BTC',
      balancesFor([held('BTC', 100_000n, '46000.00'), held('USDT', 500_000_000n, '1.00')]),
      { from: 'USDT', to: 'BTC', amount: '' },
    ],
    // 2 ETH (5,000 dollars) against 0.1 BTC (4,600): more coins of BTC do not make it worth more.
    [
      'by value, not by count of coins',
      balancesFor([held('BTC', 10_000_000n, '46000.00'), held('ETH', 2n * 10n ** 18n, '2500.00')]),
      { from: 'ETH', to: 'BTC', amount: '' },
    ],
    ['BTC to ETH', balancesFor([held('BTC', 100_000n, '46000.00')]), { from: 'BTC', to: 'ETH', amount: '' }],
    ['a held coin without a price', balancesFor([held('SOL', 5n, null)]), { from: 'SOL', to: 'BTC', amount: '' }],
    [
      'the first listed on a tie',
      balancesFor([held('USDT', 1_000_000n, '1.00'), held('BUSD', 1_000_000n, '1.00')]),
      { from: 'USDT', to: 'BTC', amount: '' },
    ],
  ] as const)('starts from %s', (_case, balances, expected) => {
    expect(startingForm(balances)).toEqual(expected);
  });
});
