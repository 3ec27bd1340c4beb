import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency.ts';

describe('newIdempotencyKey', () => {
  it('is a version 4 UUID, new each time, also where crypto.randomUUID is missing', () => {
    const pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(pattern);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const [a, b] = [newIdempotencyKey(), newIdempotencyKey()];
      expect(a).toMatch(pattern);
      expect(a).not.toBe(b);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
