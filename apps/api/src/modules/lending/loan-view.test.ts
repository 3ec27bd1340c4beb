// The minimum interest a loan's figures include, as the screens explain it; what reaches a lender;
// what a settlement's collateral was worth.
import { describe, expect, it } from 'vitest';
import type { LoanRow } from './lending.repository.ts';
import type { LendingSettings } from './lending-settings.ts';
import { loanView, minimumInterestDays } from './loan-view.ts';

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

describe('a lender’s figures', () => {
  const levels: LendingSettings = {
    initialLtvBps: 6500,
    marginCallLtvBps: 7500,
    liquidationLtvBps: 8500,
    liquidationPenaltyBps: 500,
    feeBps: 1000,
    minInterestDays: 0,
    graceHours: 72,
    priceMaxAgeMs: 60_000,
  };
  // 500 USDT at 36.5 % a year, lent 10 days ago: 5 USDT of interest, of which Rora keeps 10 %.
  const row: LoanRow = {
    id: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
    borrowerId: 'borrower',
    lenderId: 'lender',
    asset: 'USDT',
    principal: 500_000_000n,
    rateBps: 3650,
    termDays: 30,
    collateralAsset: 'BTC',
    collateral: 2_000_000n,
    status: 'active',
    initialLtvBps: 5400,
    createdAt: new Date(now.getTime() - 11 * DAY_MS),
    fundedAt: new Date(now.getTime() - 10 * DAY_MS),
    dueAt: new Date(now.getTime() + 20 * DAY_MS),
    closedAt: null,
    marginCalledAt: null,
    paid: null,
    fee: null,
    collateralSeized: null,
    collateralReturned: null,
    debtSettled: null,
    penalty: null,
    collateralWorth: null,
  };
  const view = (loan: LoanRow) =>
    loanView(loan, [], { viewerId: 'lender', now, settings: levels, prices: new Map(), observedAt: new Map() });

  it('gives a running loan’s lender the debt now less the fee on its interest', () => {
    expect(view(row)).toMatchObject({ debtNow: '505', interestNow: '5', lenderReceivesNow: '504.5' });
  });

  it('gives a repaid loan’s lender what was paid less the fee', () => {
    expect(view({ ...row, status: 'repaid', paid: 505_000_000n, fee: 500_000n })).toMatchObject({
      debtNow: '505',
      lenderReceivesNow: '504.5',
    });
  });

  it('says what the seized collateral was worth, in the loan’s coin', () => {
    const liquidated: LoanRow = {
      ...row,
      status: 'liquidated',
      paid: 0n,
      fee: 0n,
      collateralSeized: 2_000_000n,
      collateralReturned: 0n,
      debtSettled: 501_150_000n,
      penalty: 25_060_000n,
      collateralWorth: 400_120_000n,
    };
    expect(view(liquidated)).toMatchObject({
      debtNow: null,
      lenderReceivesNow: null,
      debtSettled: '501.15',
      penalty: '25.06',
      collateralWorth: '400.12',
    });
    expect(view(row).collateralWorth).toBeNull();
  });
});
