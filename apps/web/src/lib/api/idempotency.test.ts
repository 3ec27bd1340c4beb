import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from './errors.ts';
import { answeredForGood, newIdempotencyKey, useIdempotencyKeys } from './idempotency.ts';

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

describe('useIdempotencyKeys', () => {
  const order = { symbol: 'BTC/USDT', side: 'buy', amount: '0.01' };
  const refusal = (status: number, code: string) => new ApiError({ status, code, message: code, items: [] });

  it('reuses the key to retry an attempt whose answer never came, or was "still running"', () => {
    const { result } = renderHook(() => useIdempotencyKeys());
    const first = result.current.keyFor(order);
    for (const unanswered of [networkError(), refusal(503, 'market_is_unavailable'), refusal(500, 'internal_error')]) {
      result.current.settled(unanswered);
      expect(result.current.keyFor(order)).toBe(first);
    }
    result.current.settled(refusal(409, 'idempotency_request_in_progress'));
    result.current.settled(refusal(429, 'too_many_requests'));
    expect(result.current.keyFor(order)).toBe(first);
  });

  it('makes a new key once answered, even for the very same request, and for another request', () => {
    const { result } = renderHook(() => useIdempotencyKeys());
    const first = result.current.keyFor(order);
    result.current.settled();
    const second = result.current.keyFor(order);
    expect(second).not.toBe(first);
    result.current.settled(refusal(422, 'insufficient_balance'));
    const third = result.current.keyFor(order);
    expect(third).not.toBe(second);
    expect(result.current.keyFor({ ...order, amount: '0.02' })).not.toBe(third);
  });

  it('tells an answer for good from one that may be retried', () => {
    expect(answeredForGood()).toBe(true);
    expect(answeredForGood(refusal(409, 'stake_is_not_active'))).toBe(true);
    expect(answeredForGood(refusal(408, 'request_took_too_long'))).toBe(false);
    expect(answeredForGood(new Error('aborted'))).toBe(false);
  });
});
