import { describe, expect, it } from 'vitest';
import type { SwapQuote } from '@rora/contracts';
import { bpsPercent, quoteSecondsLeft } from './quote-clock.ts';

const quote = { createdAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-01T00:00:30.000Z' } as SwapQuote;

describe('the quote countdown', () => {
  it('counts the quote’s own lifetime on this device’s clock, a second short, never below zero', () => {
    const receivedAt = 1_000_000;
    expect(quoteSecondsLeft({ quote, receivedAt }, receivedAt)).toBe(29);
    expect(quoteSecondsLeft({ quote, receivedAt }, receivedAt + 10_500)).toBe(19);
    expect(quoteSecondsLeft({ quote, receivedAt }, receivedAt + 29_000)).toBe(0);
    expect(quoteSecondsLeft({ quote, receivedAt }, receivedAt + 60_000)).toBe(0);
  });

  it('shows basis points as a percent', () => {
    expect(bpsPercent(50)).toBe('0.50%');
    expect(bpsPercent(25)).toBe('0.25%');
    expect(bpsPercent(0)).toBe('0.00%');
  });
});
