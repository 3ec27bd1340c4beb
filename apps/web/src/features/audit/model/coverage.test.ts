import { describe, expect, it } from 'vitest';
import { coverageOf, groupedAmount } from './coverage.ts';

describe('coverage', () => {
  it.each([
    [null, { level: 'none', percent: null }],
    [9_850, { level: 'below', percent: '98.50%' }],
    [10_000, { level: 'full', percent: '100.00%' }],
    [1_234_567, { level: 'full', percent: '12,345.67%' }],
    [5, { level: 'below', percent: '0.05%' }],
  ])('reads %s basis points plainly', (bps, expected) => {
    expect(coverageOf(bps)).toEqual(expected);
  });
});

describe('snapshot amounts', () => {
  it('are exact and grouped like every other screen, or the API text when they are not amounts', () => {
    expect(groupedAmount('8799958.967', 'ADX')).toBe('8,799,958.967');
    expect(groupedAmount('22001917.424935', 'USDT')).toBe('22,001,917.424935');
    expect(groupedAmount('0.25', 'BTC')).toBe('0.25');
    expect(groupedAmount('12', 'DOGE')).toBe('12');
  });
});
