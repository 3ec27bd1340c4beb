// Numbers in query strings are plain decimal digits: zod.coerce.number() read "0x10" as 16.
import { describe, expect, it } from 'vitest';
import { pageQuerySchema } from './common.ts';

describe('pageQuerySchema', () => {
  it.each(['0x10', '1e1', ' 5', '5 ', '5.0', '+5', '-5', '', '0b1', '0o7', 'Infinity', '1_0', '٥'])(
    'refuses page %j with query_number_must_be_decimal_digits',
    (page) => {
      const result = pageQuerySchema.safeParse({ page });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('query_number_must_be_decimal_digits');
    },
  );

  it('reads decimal digits, numbers from typed clients and the defaults', () => {
    expect(pageQuerySchema.parse({ page: '16', limit: '100' })).toEqual({ page: 16, limit: 100 });
    expect(pageQuerySchema.parse({ page: 3 })).toEqual({ page: 3, limit: 20 });
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    // Past the exact range, digits meet the range's rule.
    expect(pageQuerySchema.safeParse({ page: '99999999999999999999' }).error?.issues[0]?.code).toBe('too_big');
    expect(pageQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
