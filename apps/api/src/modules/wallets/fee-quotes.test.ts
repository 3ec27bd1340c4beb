// A fee counts as quoted only for the customer, wallet, amount and speed it was quoted for, and only
// for QUOTE_MEMORY_MS.
import { expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createFeeQuotes, QUOTE_MEMORY_MS } from './fee-quotes.ts';

const key = { userId: 'u1', walletId: 'w1', amount: 1_000_000n, priority: 'normal' };

it('knows a fee it quoted for the same send, and no other figure', () => {
  const quotes = createFeeQuotes(new ManualClock(new Date('2026-12-01T12:00:00Z')));
  quotes.remember(key, 1_410n);
  expect(quotes.quoted(key, 1_410n)).toBe(true);
  expect(quotes.quoted(key, 1_142n)).toBe(false);
  for (const other of [{ userId: 'u2' }, { walletId: 'w2' }, { amount: 2_000_000n }, { priority: 'fast' }]) {
    expect(quotes.quoted({ ...key, ...other }, 1_410n)).toBe(false);
  }
});

it('forgets a quote after QUOTE_MEMORY_MS, and keeps the newer ones of a key', () => {
  const clock = new ManualClock(new Date('2026-12-01T12:00:00Z'));
  const quotes = createFeeQuotes(clock);
  quotes.remember(key, 1_410n);
  clock.advance(QUOTE_MEMORY_MS - 1_000);
  quotes.remember(key, 1_500n);
  clock.advance(2_000);
  expect(quotes.quoted(key, 1_410n)).toBe(false);
  expect(quotes.quoted(key, 1_500n)).toBe(true);
  clock.advance(QUOTE_MEMORY_MS);
  expect(quotes.quoted(key, 1_500n)).toBe(false);
});
