import { describe, expect, it } from 'vitest';
import { settlementOf } from './settlement.ts';

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
