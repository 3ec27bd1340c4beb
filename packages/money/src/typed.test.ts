import { describe, expect, it } from 'vitest';
import { parseAmount } from './decimal.ts';
import { readTypedAmount, type TypedAmount } from './typed.ts';

const en = { decimalSeparator: '.', groupSeparator: ',' } as const;
const fr = { decimalSeparator: ',', groupSeparator: '\u202f' } as const;
const pt = { decimalSeparator: ',', groupSeparator: '.' } as const;
const ok = (value: string): TypedAmount => ({ ok: true, value });
const no = (problem: string) => ({ ok: false, problem });

describe('readTypedAmount', () => {
  it.each([
    // The five pastes of issue 19 defect 1, and what a person means by them.
    ['1,000.50', en, ok('1000.50')],
    ['1e9', en, no('exponent')],
    // 0.001 in e notation: refused for the notation, not called negative.
    ['1e-3', en, no('exponent')],
    ['-1e3', en, no('exponent')],
    ['1E3', en, no('exponent')],
    ['-5', en, no('negative')],
    ['1.2.3', en, no('several_decimal_separators')],
    // Plain numbers, spaces and the reader's marks.
    ['', en, ok('')],
    ['   ', en, ok('')],
    ['12', en, ok('12')],
    [' 12.50 ', en, ok('12.50')],
    ['0.00000001', en, ok('0.00000001')],
    ['.5', en, ok('0.5')],
    ['5.', en, ok('5')],
    ['007', en, ok('7')],
    // Up to 24 whole digits, as the API takes (leading zeros do not count); more is too large.
    ['9'.repeat(24), en, ok('9'.repeat(24))],
    ['0' + '9'.repeat(24) + '.5', en, ok('9'.repeat(24) + '.5')],
    ['1'.repeat(25), en, no('too_large')],
    ['1234567890123456789012345678901234567890', en, no('too_large')],
    ['1.234.567.890.123.456.789.012.345.678', pt, no('too_large')],
    ['1,234,567.8', en, ok('1234567.8')],
    ['1 234 567.8', en, ok('1234567.8')],
    ['1,5', en, no('misplaced_group_separator')],
    ['1,00050', en, no('misplaced_group_separator')],
    ['12,34,567', en, no('misplaced_group_separator')],
    ['1.000,50', en, no('misplaced_group_separator')],
    ['1 000,50', fr, ok('1000.50')],
    ['1\u202f000,50', fr, ok('1000.50')],
    ['1\u00a0000,5', fr, ok('1000.5')],
    ['1.000,50', pt, ok('1000.50')],
    ['1.000,50', fr, no('misplaced_group_separator')],
    // A leading 0 is never a thousands group: 0.005 in French or Portuguese is not 5.
    ['0.005', fr, no('misplaced_group_separator')],
    ['0.005', pt, no('misplaced_group_separator')],
    ['0,005', en, no('misplaced_group_separator')],
    ['1.500', pt, ok('1500')],
    ['0,005', pt, ok('0.005')],
    ['0,25', fr, ok('0.25')],
    ['1,000.50', fr, no('misplaced_group_separator')],
    ['1,2,3', fr, no('several_decimal_separators')],
    ['1.5', fr, no('misplaced_group_separator')],
    ['$12', en, no('not_a_number')],
    ['12 BTC', en, no('not_a_number')],
    ['abc', en, no('not_a_number')],
    ['.', en, ok('0')],
    [',', en, no('misplaced_group_separator')],
    ['Infinity', en, no('not_a_number')],
    ['0x10', en, no('not_a_number')],
    ['\u22125', en, no('negative')],
    ['  5 ', en, ok('5')],
    // Full-width forms, as Japanese, Chinese and Korean input methods type them: the same number.
    ['５', en, ok('5')],
    ['１２．５', en, ok('12.5')],
    ['１，０００．５', en, ok('1000.5')],
    ['１２,５', fr, ok('12.5')],
    ['－５', en, no('negative')],
    ['１ｅ９', en, no('exponent')],
    // Only that block: a superscript is not a digit (NFKC would read 1² as 12).
    ['1²', en, no('not_a_number')],
  ])('reads %j (%j) as %j', (text, options, expected) => {
    expect(readTypedAmount(text, options)).toEqual(expected);
  });

  it('refuses more decimals than the asset has, but not trailing zeros', () => {
    expect(readTypedAmount('0.123456789', { ...en, maxDecimals: 8 })).toEqual(no('too_many_decimals'));
    expect(readTypedAmount('0.12345678', { ...en, maxDecimals: 8 })).toEqual(ok('0.12345678'));
    expect(readTypedAmount('1.500', { ...en, maxDecimals: 1 })).toEqual(ok('1.500'));
    expect(readTypedAmount('1.5', { ...en, maxDecimals: 0 })).toEqual(no('too_many_decimals'));
  });

  it('gives only values the strict parser reads, as the number the person meant', () => {
    const meant: Array<[string, bigint]> = [
      ['1,000.50', 100_050_000_000n],
      ['1 234 567.8', 123_456_780_000_000n],
      ['.5', 50_000_000n],
      ['007', 700_000_000n],
      ['5.', 500_000_000n],
      ['0.10', 10_000_000n],
    ];
    for (const [text, minor] of meant) {
      const read = readTypedAmount(text, en);
      expect(read.ok && parseAmount(read.value, 8), text).toBe(minor);
    }
  });
});
