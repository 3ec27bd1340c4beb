import { describe, expect, it } from 'vitest';
import { coverageOf } from './coverage.ts';

describe('coverage', () => {
  it.each([
    [null, { level: 'none', percent: null }],
    [9_850, { level: 'below', percent: '98.50 %' }],
    [10_000, { level: 'full', percent: '100.00 %' }],
    [1_234_567, { level: 'full', percent: '12,345.67 %' }],
    [5, { level: 'below', percent: '0.05 %' }],
  ])('reads %s basis points plainly', (bps, expected) => {
    expect(coverageOf(bps)).toEqual(expected);
  });
});
