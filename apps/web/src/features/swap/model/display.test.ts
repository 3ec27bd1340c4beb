import { describe, expect, it } from 'vitest';
import { coins, shortCoins, significant } from './display.ts';

describe('rates on screen', () => {
  it.each([
    ['18.478571428571', '18.478571'],
    ['65000', '65000'],
    ['123456789.5', '123456789'],
    ['0.053576923076', '0.053576923'],
    ['0.000003061538', '0.000003061538'],
    ['0.000000306153846', '0.00000030615384'],
    ['1.50000000', '1.5'],
    ['not a number', 'not a number'],
  ])('cuts %s to 8 significant digits: %s', (text, shown) => {
    expect(significant(text)).toBe(shown);
  });

  it('writes an amount with its coin, in full or cut to 8 decimals', () => {
    expect(coins('0.1', 'BTC')).toBe('0.1 BTC');
    expect(shortCoins('0.125628814402825754', 'ETH')).toBe('0.12562881 ETH');
    expect(shortCoins('1.500000000000000009', 'ETH')).toBe('1.5 ETH');
    expect(shortCoins('0.000000001', 'ETH')).toBe('0 ETH');
    expect(shortCoins('12', 'USDT')).toBe('12 USDT');
  });
});
