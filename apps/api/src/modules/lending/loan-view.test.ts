// The minimum interest a loan's figures include, as the screens explain it.
import { describe, expect, it } from 'vitest';
import type { LendingSettings } from './lending-settings.ts';
import { minimumInterestDays } from './loan-view.ts';

const DAY_MS = 86_400_000;
const now = new Date('2026-12-01T12:00:00Z');
const settings = (minInterestDays: number) => ({ minInterestDays }) as LendingSettings;
const loan = (fundedDaysAgo: number | null) =>
  ({
    termDays: 30,
    fundedAt: fundedDaysAgo === null ? null : new Date(now.getTime() - fundedDaysAgo * DAY_MS),
  }) as Parameters<typeof minimumInterestDays>[0];

describe('minimumInterestDays', () => {
  it('names the minimum while the loan has run less, and for an open request', () => {
    expect(minimumInterestDays(loan(null), now, settings(7))).toBe(7);
    expect(minimumInterestDays(loan(2), now, settings(7))).toBe(7);
    expect(minimumInterestDays(loan(8), now, settings(7))).toBeNull();
  });

  it('names none when no minimum is set, even for a loan funded after the clock read', () => {
    expect(minimumInterestDays(loan(null), now, settings(0))).toBeNull();
    expect(minimumInterestDays(loan(-1), now, settings(0))).toBeNull();
  });
});
