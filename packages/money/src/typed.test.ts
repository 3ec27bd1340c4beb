import { describe, expect, it } from 'vitest';
import { parseAmount } from './decimal.ts';
import { readTypedAmount, type TypedAmount } from './typed.ts';

// The marks of the four languages, as Intl gives them: en and es-419 write `1,234.5`, fr
// `1 234,5` (a narrow no-break space), pt-BR `1.234,5`. Only the decimal mark tells them apart here.
const en = { decimalSeparator: '.' } as const;
const es = { decimalSeparator: '.' } as const;
const fr = { decimalSeparator: ',' } as const;
const pt = { decimalSeparator: ',' } as const;
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
    ['12,34,567', en, no('misplaced_group_separator')],
    ['1.000,50', en, no('misplaced_group_separator')],
    ['1 000,50', fr, ok('1000.50')],
    ['1\u202f000,50', fr, ok('1000.50')],
    ['1\u00a0000,5', fr, ok('1000.5')],
    ['1.000,50', pt, ok('1000.50')],
    ['0,005', pt, ok('0.005')],
    ['0,25', fr, ok('0.25')],
    ['1,000.50', fr, no('misplaced_group_separator')],
    ['1,2,3', fr, no('several_decimal_separators')],
    ['$12', en, no('not_a_number')],
    ['12 BTC', en, no('not_a_number')],
    ['abc', en, no('not_a_number')],
    ['.', en, no('incomplete')],
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

  // The mark that is not the language's decimal mark is read as whatever it alone can be; where it
  // could be both (one of it, then exactly three digits), the number is refused as ambiguous.
  it.each([
    // Only a decimal point: no thousands group starts with 0, is empty or has other than 3 digits.
    ['0.05', [fr, pt], ok('0.05')],
    ['.5', [fr, pt], ok('0.5')],
    ['12.', [fr, pt], ok('12')],
    ['0.000000001', [fr, pt], ok('0.000000001')],
    ['0.005', [fr, pt], ok('0.005')],
    ['0.500', [fr, pt], ok('0.500')],
    ['1.5', [fr, pt], ok('1.5')],
    ['1.50', [fr, pt], ok('1.50')],
    ['1.5000', [fr, pt], ok('1.5000')],
    ['1234.5', [fr, pt], ok('1234.5')],
    ['1234.567', [fr, pt], ok('1234.567')],
    ['1 234.5', [fr, pt], ok('1234.5')],
    ['.', [fr, pt], no('incomplete')],
    ['0,05', [en, es], ok('0.05')],
    [',5', [en, es], ok('0.5')],
    ['12,', [en, es], ok('12')],
    ['1,5', [en, es], ok('1.5')],
    ['1,00050', [en, es], ok('1.00050')],
    ['1234,5', [en, es], ok('1234.5')],
    [',', [en, es], no('incomplete')],
    // Only thousands separators: several of them, or the decimal mark after them.
    ['1.000.000', [fr, pt], ok('1000000')],
    ['12.345.678', [fr, pt], ok('12345678')],
    ['1.000,50', [fr, pt], ok('1000.50')],
    ['1.000.000,5', [fr, pt], ok('1000000.5')],
    ['1,000,000', [en, es], ok('1000000')],
    ['1,000.50', [en, es], ok('1000.50')],
    ['12,345,678.9', [en, es], ok('12345678.9')],
    // Either: 1 or a thousand (1.5 or 1500), so refused rather than guessed.
    ['1.000', [fr, pt], no('ambiguous_separator')],
    ['1.500', [fr, pt], no('ambiguous_separator')],
    ['12.345', [fr, pt], no('ambiguous_separator')],
    ['999.999', [fr, pt], no('ambiguous_separator')],
    ['1 000.500', [fr, pt], no('ambiguous_separator')],
    ['1,000', [en, es], no('ambiguous_separator')],
    ['40,000', [en, es], no('ambiguous_separator')],
    ['1 000,500', [en, es], no('ambiguous_separator')],
    // Neither.
    ['1.000.5', [fr, pt], no('misplaced_group_separator')],
    ['1.2.3', [fr, pt], no('misplaced_group_separator')],
    ['0.000.000', [fr, pt], no('misplaced_group_separator')],
    ['1,000.50', [fr, pt], no('misplaced_group_separator')],
    ['1.00,5', [fr, pt], no('misplaced_group_separator')],
    ['1,2,3', [en, es], no('misplaced_group_separator')],
    ['1.000,50', [en, es], no('misplaced_group_separator')],
    ['1,2,3', [fr, pt], no('several_decimal_separators')],
    ['1.2.3', [en, es], no('several_decimal_separators')],
  ])('reads the other mark in %j as it alone can be', (text, languages, expected) => {
    for (const options of languages) expect(readTypedAmount(text, options), JSON.stringify(options)).toEqual(expected);
  });

  // A decimal mark with no digit is the start of `.5`, not 0: no amount, in every language.
  it.each([
    ['.', [en, es, fr, pt]],
    [',', [en, es, fr, pt]],
    [' . ', [en, es, fr, pt]],
    ['．', [en, es, fr, pt]],
  ])('reads %j alone as an incomplete number, never 0', (text, languages) => {
    for (const options of languages) {
      expect(readTypedAmount(text, options), JSON.stringify(options)).toEqual(no('incomplete'));
    }
    expect(readTypedAmount('.5', en)).toEqual(ok('0.5'));
    expect(readTypedAmount('0.', en)).toEqual(ok('0'));
  });

  // The API takes at most 100 characters of the plain decimal (amount_is_too_long); within an asset's
  // decimals only trailing zeros get there, and without a scale any long decimal does.
  it('refuses a longer decimal than the API takes, counting what the form would send', () => {
    const zeros = (count: number) => '0'.repeat(count);
    expect(readTypedAmount(`1.${zeros(98)}`, { ...en, maxDecimals: 8 })).toEqual(ok(`1.${zeros(98)}`));
    expect(readTypedAmount(`1.${zeros(99)}`, { ...en, maxDecimals: 8 })).toEqual(no('too_long'));
    expect(readTypedAmount(`1,${zeros(99)}`, { ...fr, maxDecimals: 8 })).toEqual(no('too_long'));
    expect(readTypedAmount(`0.${zeros(98)}1`, en)).toEqual(no('too_long'));
    expect(readTypedAmount(`0.${zeros(98)}1`, { ...en, maxDecimals: 8 })).toEqual(no('too_many_decimals'));
    // Spaces and leading zeros do not reach the API, so they do not count.
    expect(readTypedAmount(`${zeros(20)}1000.${zeros(95)}`, en)).toEqual(ok(`1000.${zeros(95)}`));
    expect(readTypedAmount(`1 000.${zeros(95)}`, en)).toEqual(ok(`1000.${zeros(95)}`));
  });

  // ADR 0034, second amendment: the comma before 1, 2 or 4 digits is a decimal mark in every language;
  // before exactly 3 it is the decimal mark in fr and pt-BR and ambiguous in en and es-419, never a
  // thousands mark, so no digit count reads it one way and the next the other.
  it.each([
    ['1,0', ok('1.0'), ok('1.0')],
    ['1,00', ok('1.00'), ok('1.00')],
    ['10,00', ok('10.00'), ok('10.00')],
    ['1,000', no('ambiguous_separator'), ok('1.000')],
    ['1,0000', ok('1.0000'), ok('1.0000')],
    ['1.0', ok('1.0'), ok('1.0')],
    ['1.00', ok('1.00'), ok('1.00')],
    ['10.00', ok('10.00'), ok('10.00')],
    ['1.000', ok('1.000'), no('ambiguous_separator')],
    ['1.0000', ok('1.0000'), ok('1.0000')],
  ])('reads %j as %j in en and es-419 and as %j in fr and pt-BR', (text, dotLanguages, commaLanguages) => {
    for (const options of [en, es]) expect(readTypedAmount(text, options)).toEqual(dotLanguages);
    for (const options of [fr, pt]) expect(readTypedAmount(text, options)).toEqual(commaLanguages);
  });

  it('gives too many decimals, not ambiguity, for a decimal point in the other mark', () => {
    expect(readTypedAmount('0.000000001', { ...fr, maxDecimals: 8 })).toEqual(no('too_many_decimals'));
    expect(readTypedAmount('0.000000001', { ...pt, maxDecimals: 8 })).toEqual(no('too_many_decimals'));
    expect(readTypedAmount('0,000000001', { ...en, maxDecimals: 8 })).toEqual(no('too_many_decimals'));
    expect(readTypedAmount('0.00000001', { ...fr, maxDecimals: 8 })).toEqual(ok('0.00000001'));
    expect(readTypedAmount('0.123', { ...fr, maxDecimals: 2 })).toEqual(no('too_many_decimals'));
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
