import { describe, expect, it } from 'vitest';
import { formatBalance, formatPercent, formatUsd, type PercentOptions } from './display.ts';

describe('formatUsd', () => {
  it.each<[bigint | string | null | undefined, string]>([
    [123_456n, '$1,234.56'],
    [0n, '$0.00'],
    [5n, '$0.05'],
    [100n, '$1.00'],
    [-123_456n, '-$1,234.56'],
    [123_456_789_012_345n, '$1,234,567,890,123.45'],
    ['1234.56', '$1,234.56'],
    ['1234.5678', '$1,234.56'],
    ['1234.569', '$1,234.56'],
    ['0.009', '$0.00'],
    ['-0.001', '$0.00'],
    ['-12', '-$12.00'],
    ['1000000', '$1,000,000.00'],
    ['0', '$0.00'],
    ['abc', '$0.00'],
    ['', '$0.00'],
    [' 12', '$0.00'],
    ['1e3', '$0.00'],
    ['NaN', '$0.00'],
    ['$12', '$0.00'],
    ['1,234.56', '$0.00'],
    [null, '$0.00'],
    [undefined, '$0.00'],
  ])('shows %s as %s', (value, expected) => {
    expect(formatUsd(value)).toBe(expected);
  });

  it.each([12, Number.NaN, {}, [], true])('shows the invalid %s as $0.00', (value) => {
    expect(formatUsd(value as unknown as string)).toBe('$0.00');
  });

  it('rounds a decimal string as asked', () => {
    expect(formatUsd('1234.565', { rounding: 'half-up' })).toBe('$1,234.57');
    expect(formatUsd('1234.561', { rounding: 'up' })).toBe('$1,234.57');
    expect(formatUsd('-0.001', { rounding: 'floor' })).toBe('-$0.01');
  });
});

describe('formatBalance', () => {
  it.each([
    [123_456_789_012n, 8, '1,234.567'],
    [123_456_789_999n, 8, '1,234.567'],
    [90_000n, 8, '0.0009'],
    [100_000n, 8, '0.001'],
    // Issue 19 defect 9: a small holding keeps its first three significant digits.
    [216_000n, 8, '0.00216'],
    [216_999n, 8, '0.00216'],
    [2_166_000n, 8, '0.0216'],
    [1n, 8, '0.00000001'],
    [12_345n, 8, '0.000123'],
    [50_000_000n, 8, '0.500'],
    [123_456n, 6, '0.123'],
    [-216_000n, 8, '-0.00216'],
    [0n, 8, '0.000'],
    [1_234n, 2, '12.340'],
    [5n, 0, '5.000'],
    [10n ** 24n, 18, '1,000,000.000'],
    [999_999_999_999_999_999n, 18, '0.999'],
    [21_000_000n * 10n ** 8n, 8, '21,000,000.000'],
  ] as const)('shows %s at scale %s as %s', (minor, scale, expected) => {
    expect(formatBalance(minor, scale)).toBe(expected);
  });
});

describe('formatPercent', () => {
  it.each<[bigint | string | null | undefined, PercentOptions, string]>([
    [123n, {}, '+1.23%'],
    [-50n, {}, '-0.50%'],
    [0n, {}, '0.00%'],
    [1_450n, {}, '+14.50%'],
    ['1.234', {}, '+1.23%'],
    ['1.235', {}, '+1.24%'],
    ['-1.235', {}, '-1.24%'],
    ['-0.004', {}, '0.00%'],
    ['-0.005', {}, '-0.01%'],
    ['100', {}, '+100.00%'],
    ['abc', {}, '0.00%'],
    ['+1', {}, '0.00%'],
    [undefined, {}, '0.00%'],
    [null, { decimals: 1 }, '0.0%'],
    [50n, { signed: false }, '0.50%'],
    [-50n, { signed: false }, '-0.50%'],
    ['1.25', { decimals: 1 }, '+1.3%'],
    ['1.25', { decimals: 1, rounding: 'half-even' }, '+1.2%'],
    [12_345n, { scale: 4 }, '+1.23%'],
    [12_355n, { scale: 4, rounding: 'down' }, '+1.23%'],
    [5n, { scale: 0, decimals: 0 }, '+5%'],
  ])('shows %s with %j as %s', (value, options, expected) => {
    expect(formatPercent(value, options)).toBe(expected);
  });
});
