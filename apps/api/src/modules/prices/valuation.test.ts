// US dollar arithmetic: values shown round half to even to the cent, totals round once, converted fees
// round up, percent changes to 2 decimals.
import { describe, expect, it } from 'vitest';
import { convertUp, formatCents, parsePrice, percentChange, toCents, usdCents, usdValue } from './valuation.ts';

describe('valuation', () => {
  it('values an amount in cents, rounded half to even as every dollar figure on screen', () => {
    expect(usdCents(50_000_000n, 8, parsePrice('65000'))).toBe(3_250_000n);
    expect(usdCents(1n, 8, parsePrice('65000'))).toBe(0n);
    expect(usdCents(123_456_789n, 6, parsePrice('0.6'))).toBe(7_407n);
    // 24,997.69863 USDT at 1 dollar: $24,997.70, where cutting gave $24,997.69.
    expect(usdCents(24_997_698_630n, 6, parsePrice('1'))).toBe(2_499_770n);
    expect(usdCents(1_250n, 6, parsePrice('10'))).toBe(1n); // 0.0125 dollars: half to even
  });

  it('adds exact values of assets of any scale and rounds the total once', () => {
    // 0.004 + 0.004 dollars: each rounds to 0 cents, their sum to 1.
    const parts = [
      usdValue(4_000n, 6, parsePrice('1')),
      usdValue(4_000_000_000_000_000n, 18, parsePrice('0.004') * 250n),
    ];
    expect(parts.map(toCents)).toEqual([0n, 0n]);
    expect(toCents(parts[0]! + parts[1]!)).toBe(1n);
    expect(formatCents(3_250_000n)).toBe('32500.00');
  });

  it('converts a fee into another asset, rounded up', () => {
    // 0.000315 ETH at 3,500 dollars = 1.1025 USDT at 1 dollar, in micro-USDT.
    const eth = { scale: 18, price: parsePrice('3500') };
    const usdt = { scale: 6, price: parsePrice('1') };
    expect(convertUp(315_000_000_000_000n, eth, usdt)).toBe(1_102_500n);
    expect(convertUp(1n, eth, usdt)).toBe(1n);
  });

  it('gives the percent change, or null without a price to compare with', () => {
    expect(percentChange(parsePrice('71500'), parsePrice('65000'))).toBe('10.00');
    expect(percentChange(parsePrice('64000'), parsePrice('65000'))).toBe('-1.54');
    expect(percentChange(parsePrice('1'), null)).toBeNull();
  });
});
