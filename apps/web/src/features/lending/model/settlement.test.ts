import { describe, expect, it } from 'vitest';
import { collateralCoverOf, settlementOf } from './settlement.ts';

describe('settlementOf', () => {
  it('gives the lender the amount paid less the platform fee', () => {
    expect(settlementOf({ status: 'repaid', asset: 'USDT', paid: '501.699829', fee: '0.119982' })).toEqual({
      fee: '0.119982',
      lenderReceived: '501.579847',
    });
  });

  it.each([
    ['an active loan', { status: 'active', asset: 'USDT', paid: null, fee: null }],
    ['a liquidated loan', { status: 'liquidated', asset: 'USDT', paid: null, fee: null }],
    ['a fee above the payment', { status: 'repaid', asset: 'USDT', paid: '1', fee: '2' }],
    ['an unknown coin', { status: 'repaid', asset: 'ZZZ', paid: '1', fee: '0' }],
  ] as const)('has nothing to say for %s', (_name, loan) => {
    expect(settlementOf(loan)).toBeNull();
  });
});

describe('collateralCoverOf', () => {
  const settled = { asset: 'USDT', debtSettled: '501.15', penalty: '25.06' };

  it('says how much of the debt and penalty collateral worth less covered', () => {
    expect(collateralCoverOf({ ...settled, collateralWorth: '400.12' })).toEqual({
      worth: '400.12',
      owed: '526.21',
      missing: '126.09',
    });
  });

  it('misses nothing when the collateral was worth what was owed or more', () => {
    expect(collateralCoverOf({ ...settled, collateralWorth: '526.21' })?.missing).toBeNull();
    expect(collateralCoverOf({ ...settled, collateralWorth: '526.22' })?.missing).toBeNull();
  });

  it('has nothing to say without the figures', () => {
    expect(collateralCoverOf({ ...settled, collateralWorth: null })).toBeNull();
    expect(collateralCoverOf({ asset: 'USDT', debtSettled: null, penalty: null, collateralWorth: null })).toBeNull();
    expect(collateralCoverOf({ ...settled, asset: 'ZZZ', collateralWorth: '1' })).toBeNull();
  });
});
