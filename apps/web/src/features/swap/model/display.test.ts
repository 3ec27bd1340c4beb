import { describe, expect, it } from 'vitest';
import type { SwapQuote } from '@rora/contracts';
import { coins, receiveWorthCents, significant } from './display.ts';

describe('rates on screen', () => {
  it.each([
    ['18.478571428571', '18.478571'],
    ['65000', '65,000'],
    ['123456789.5', '123,456,789'],
    ['0.053576923076', '0.053576923'],
    ['0.000003061538', '0.000003061538'],
    ['0.000000306153846', '0.00000030615384'],
    ['1.50000000', '1.5'],
    ['not a number', 'not a number'],
  ])('cuts %s to 8 significant digits: %s', (text, shown) => {
    expect(significant(text)).toBe(shown);
  });

  it('writes an amount with its coin at the display precision, never a non-zero one as 0', () => {
    expect(coins('0.1', 'BTC')).toBe('0.1 BTC');
    expect(coins('0.125628814402825754', 'ETH')).toBe('0.12562881 ETH');
    expect(coins('1.500000000000000009', 'ETH')).toBe('1.5 ETH');
    expect(coins('0.000000001', 'ETH')).toBe('0.000000001 ETH');
    expect(coins('1234.5', 'USDT')).toBe('1,234.5 USDT');
  });
});

describe('what the amount received is worth', () => {
  const quote = (over: Partial<SwapQuote>): SwapQuote => ({
    id: '00000000-0000-4000-8000-000000000000',
    from: 'USDT',
    to: 'BTC',
    quantity: '100',
    fee: '0.5',
    feeBps: 50,
    referenceRate: '0.00002',
    rate: '0.0000199',
    spreadBps: 50,
    spread: '0.00000995',
    receive: '0.00198005',
    route: 'direct',
    usdValue: '100.00',
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-01-01T00:00:30.000Z',
    ...over,
  });

  it('takes the fee and the spread off the value of what leaves the balance', () => {
    // 100 USDT, 0.5 fee: 99.5 converted; the spread takes 0.5 % of it: 99.0025 dollars, to the cent.
    expect(receiveWorthCents(quote({}))).toBe(9900n);
  });

  it('is zero for a quote it cannot read', () => {
    expect(receiveWorthCents(quote({ quantity: '0' }))).toBe(0n);
    expect(receiveWorthCents(quote({ from: 'XYZ' }))).toBe(0n);
  });
});
