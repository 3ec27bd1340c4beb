import { describe, expect, it } from 'vitest';
import { filterDigits, filterNumeric } from './numeric-filter.ts';

describe('filterNumeric', () => {
  it.each([
    ['', {}, ''],
    ['123', {}, '123'],
    ['12.50', {}, '12.50'],
    ['1.2.3', {}, '1.23'],
    ['abc1d2', {}, '12'],
    ['-5', {}, '5'],
    ['1e9', {}, '19'],
    ['  7 000 ', {}, '7000'],
    ['0,25', {}, '0.25'],
    ['.5', {}, '0.5'],
    ['..', {}, '0.'],
    ['$1,234.56', {}, '1.23456'],
    ['123456', { maxLength: 4 }, '1234'],
    ['12.3456', { maxLength: 5 }, '12.34'],
    ['12.3456', { maxDecimals: 2 }, '12.34'],
    ['12.3', { maxDecimals: 0 }, '123'],
    ['99', { maxLength: 0 }, ''],
  ])('keeps %j as %j with %j', (input, options, expected) => {
    expect(filterNumeric(input, options)).toBe(expected);
  });

  it('never lets two decimal points through, whatever is pasted', () => {
    for (const input of ['1..2', '.1.2.', '1.2.3.4', ',,1,']) {
      expect(filterNumeric(input).split('.').length).toBeLessThanOrEqual(2);
    }
  });
});

describe('filterDigits', () => {
  it.each([
    ['123456', undefined, '123456'],
    ['12 34 56', undefined, '123456'],
    ['1234567', 6, '123456'],
    ['a1b2', 6, '12'],
    ['12.5', 6, '125'],
  ])('keeps %j as %j (max %j)', (input, max, expected) => {
    expect(filterDigits(input, max)).toBe(expected);
  });
});
