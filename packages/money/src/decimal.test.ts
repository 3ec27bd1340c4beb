import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount, tryParseAmount, type FormatOptions } from './decimal.ts';
import { MoneyError } from './errors.ts';
import type { RoundingMode } from './rounding.ts';

function expectMoneyError(action: () => unknown, code: string): void {
  expect(action).toThrow(MoneyError);
  expect(action).toThrow(expect.objectContaining({ code }));
}

describe('parseAmount', () => {
  it.each([
    ['0', 8, 0n],
    ['1', 8, 100_000_000n],
    ['1.5', 8, 150_000_000n],
    ['0.00000001', 8, 1n],
    ['21000000.00000000', 8, 2_100_000_000_000_000n],
    ['0.000000000000000001', 18, 1n],
    ['123456789.123456789123456789', 18, 123_456_789_123_456_789_123_456_789n],
    ['7', 0, 7n],
    ['1.50000', 2, 150n],
    ['0.0', 0, 0n],
  ] as const)('reads %s at scale %s as %s', (text, scale, expected) => {
    expect(parseAmount(text, scale)).toBe(expected);
  });

  it.each([
    ['', 'amount_is_empty'],
    [' 1', 'amount_is_not_a_decimal'],
    ['1 ', 'amount_is_not_a_decimal'],
    ['\t1', 'amount_is_not_a_decimal'],
    ['1\n', 'amount_is_not_a_decimal'],
    ['1e8', 'amount_is_not_a_decimal'],
    ['1E-2', 'amount_is_not_a_decimal'],
    ['+1', 'amount_is_not_a_decimal'],
    ['.5', 'amount_is_not_a_decimal'],
    ['5.', 'amount_is_not_a_decimal'],
    ['.', 'amount_is_not_a_decimal'],
    ['-', 'amount_is_not_a_decimal'],
    ['--1', 'amount_is_not_a_decimal'],
    ['01', 'amount_is_not_a_decimal'],
    ['00.5', 'amount_is_not_a_decimal'],
    ['1,000', 'amount_is_not_a_decimal'],
    ['1_000', 'amount_is_not_a_decimal'],
    ['1.2.3', 'amount_is_not_a_decimal'],
    ['0x10', 'amount_is_not_a_decimal'],
    ['Infinity', 'amount_is_not_a_decimal'],
    ['NaN', 'amount_is_not_a_decimal'],
    ['\u0661', 'amount_is_not_a_decimal'],
    ['\u22121', 'amount_is_not_a_decimal'],
    ['-1', 'amount_must_not_be_negative'],
    ['-0', 'amount_must_not_be_negative'],
    ['1.000000001', 'amount_has_too_many_decimals'],
    ['0.000000005', 'amount_has_too_many_decimals'],
    ['1'.repeat(101), 'amount_is_too_long'],
  ])('refuses %j', (text, code) => {
    expectMoneyError(() => parseAmount(text, 8), code);
  });

  it('accepts the longest allowed text', () => {
    expect(parseAmount('9'.repeat(100), 0)).toBe(10n ** 100n - 1n);
  });

  it.each([1.5, undefined, null, 15n])('refuses the non-string %s', (value) => {
    expectMoneyError(() => parseAmount(value as unknown as string, 8), 'amount_is_not_a_decimal');
  });

  it.each([
    ['-1.5', 8, -150_000_000n],
    ['-0', 8, 0n],
    ['-0.00000001', 8, -1n],
  ] as const)('reads the negative %s when allowed', (text, scale, expected) => {
    expect(parseAmount(text, scale, { allowNegative: true })).toBe(expected);
  });

  it.each([
    ['1.234', 'down', 123n],
    ['1.239', 'down', 123n],
    ['1.231', 'up', 124n],
    ['1.235', 'half-even', 124n],
    ['1.225', 'half-even', 122n],
    ['1.2250001', 'half-even', 123n],
    ['1.225', 'half-up', 123n],
    ['0.999', 'up', 100n],
    ['1.231', 'ceil', 124n],
    ['-1.231', 'floor', -124n],
    ['-1.235', 'half-up', -124n],
    ['-1.239', 'down', -123n],
  ] as const)('rounds %s to scale 2 %s as %s', (text, rounding, expected) => {
    expect(parseAmount(text, 2, { allowNegative: true, rounding })).toBe(expected);
  });

  it.each([-1, 37, 2.5])('refuses the scale %s', (scale) => {
    expectMoneyError(() => parseAmount('1', scale), 'scale_is_out_of_range');
  });
});

describe('tryParseAmount', () => {
  it('returns the value', () => {
    expect(tryParseAmount('2.5', 6)).toEqual({ ok: true, value: 2_500_000n });
  });

  it('returns the error as data', () => {
    expect(tryParseAmount('2.5e3', 6)).toMatchObject({ ok: false, code: 'amount_is_not_a_decimal' });
    expect(tryParseAmount('0.1234567', 6)).toMatchObject({ ok: false, code: 'amount_has_too_many_decimals' });
  });

  it('still throws a programmer error that is not a MoneyError', () => {
    const broken = {
      allowNegative: true,
      get rounding(): RoundingMode {
        throw new TypeError('options getter failed');
      },
    };
    expect(() => tryParseAmount('1.234', 2, broken)).toThrow(TypeError);
  });
});

describe('formatAmount', () => {
  it.each([
    [150_000_000n, 8, '1.5'],
    [0n, 8, '0'],
    [1n, 8, '0.00000001'],
    [-1n, 8, '-0.00000001'],
    [100n, 2, '1'],
    [5n, 0, '5'],
    [10n ** 18n, 18, '1'],
    [-123_456_789_000_000_000_000_000n, 18, '-123456.789'],
    [2_100_000_000_000_000n, 8, '21000000'],
  ] as const)('writes %s at scale %s as %s', (minor, scale, expected) => {
    expect(formatAmount(minor, scale)).toBe(expected);
  });

  it.each<[bigint, number, FormatOptions, string]>([
    [123_456n, 3, { decimals: 2, rounding: 'down' }, '123.45'],
    [123_456n, 3, { decimals: 2, rounding: 'up' }, '123.46'],
    [123_455n, 3, { decimals: 2, rounding: 'half-even' }, '123.46'],
    [123_445n, 3, { decimals: 2, rounding: 'half-even' }, '123.44'],
    [100n, 2, { decimals: 4, rounding: 'down' }, '1.0000'],
    [7n, 0, { decimals: 2, rounding: 'down' }, '7.00'],
    [-5n, 1, { decimals: 0, rounding: 'down' }, '0'],
    [-15n, 1, { decimals: 0, rounding: 'half-even' }, '-2'],
    [-1n, 8, { decimals: 2, rounding: 'floor' }, '-0.01'],
    [999n, 3, { decimals: 0, rounding: 'down' }, '0'],
    [123_456_789_012n, 2, { grouping: true }, '1,234,567,890.12'],
    [100_000n, 0, { grouping: true }, '100,000'],
    [99_900n, 0, { grouping: true }, '99,900'],
    [-1_234_567n, 0, { grouping: true }, '-1,234,567'],
    [123n, 0, { grouping: true }, '123'],
    [123_456_789n, 8, { decimals: 3, rounding: 'down', grouping: true }, '1.234'],
  ])('writes %s at scale %s with %j as %s', (minor, scale, options, expected) => {
    expect(formatAmount(minor, scale, options)).toBe(expected);
  });

  it.each([-1, 37, 0.5])('refuses %s decimals', (decimals) => {
    expectMoneyError(() => formatAmount(1n, 2, { decimals, rounding: 'down' }), 'scale_is_out_of_range');
  });

  it('refuses a scale out of range', () => {
    expectMoneyError(() => formatAmount(1n, 40), 'scale_is_out_of_range');
  });
});
