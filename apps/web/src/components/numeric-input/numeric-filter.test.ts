import { describe, expect, it } from 'vitest';
import { filterDigits } from './numeric-filter.ts';

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
