import { describe, expect, it } from 'vitest';
import { repayFunds } from './repay-funds.ts';

const loan = { asset: 'USDT', debtNow: '501.15' };

describe('the balance a repayment is paid from', () => {
  it('covers a debt it equals or exceeds', () => {
    expect(repayFunds(loan, new Map([['USDT', 501_150_000n]]))).toEqual({ available: '501.15', missing: null });
    expect(repayFunds(loan, new Map([['USDT', 600_000_000n]]))).toEqual({ available: '600', missing: null });
  });

  it('says what is missing from a balance below the debt, to the coin’s last unit', () => {
    expect(repayFunds(loan, new Map([['USDT', 501_149_999n]]))).toEqual({
      available: '501.149999',
      missing: '0.000001',
    });
  });

  it('counts a coin the customer holds none of as 0', () => {
    expect(repayFunds(loan, new Map([['BTC', 1n]]))).toEqual({ available: '0', missing: '501.15' });
  });

  it('says nothing while the balances or the debt are unknown', () => {
    expect(repayFunds(loan, undefined)).toBeNull();
    expect(repayFunds({ asset: 'USDT', debtNow: null }, new Map())).toBeNull();
    expect(repayFunds({ asset: 'USDT', debtNow: 'abc' }, new Map())).toBeNull();
  });
});
