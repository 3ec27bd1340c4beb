import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strict } from './validation.ts';

const union = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('buy'), amount: z.string() }),
    z.object({ type: z.literal('swap'), quoteId: z.string() }),
  ],
  { error: 'order_type_not_supported' },
);

describe('strict request bodies', () => {
  it('refuses an unknown field on an object, naming it', () => {
    const result = strict(z.object({ status: z.boolean() })).safeParse({ status: true, isAdmin: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['isAdmin'] });
  });

  it('refuses an unknown field in each branch of a discriminated union', () => {
    expect(strict(union).safeParse({ type: 'buy', amount: '1' }).success).toBe(true);
    expect(strict(union).safeParse({ type: 'buy', amount: '1', kycStatus: 'approved' }).success).toBe(false);
  });

  it("keeps the union's own error for an unknown discriminator", () => {
    const result = strict(union).safeParse({ type: 'margin' });
    expect(result.error?.issues[0]?.message).toBe('order_type_not_supported');
  });
});
