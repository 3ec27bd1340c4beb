// US dollar arithmetic: values round down, converted fees round up, percent changes to 2 decimals.
import { describe, expect, it } from 'vitest';
import { convertUp, formatCents, parsePrice, percentChange, usdCents } from './valuation.ts';

describe('valuation', () => {
  it('values an amount in cents, rounded down', () => {
    expect(usdCents(50_000_000n, 8, parsePrice('65000'))).toBe(3_250_000n);
    expect(usdCents(1n, 8, parsePrice('65000'))).toBe(0n);
    expect(usdCents(123_456_789n, 6, parsePrice('0.6'))).toBe(7_407n);
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
