import { describe, expect, it } from 'vitest';
import type { WalletTransaction } from '@rora/contracts';
import { describeTransaction, displayAmount } from './transaction-view.ts';

const base = {
  type: 'deposit',
  direction: 'in',
  status: 'pending',
  amount: '0.12345678',
  confirmations: 0,
  requiredConfirmations: 2,
} as WalletTransaction;

describe('describeTransaction', () => {
  it('labels a deposit in the mempool as pending, with its confirmations still to come', () => {
    expect(describeTransaction(base, 8)).toEqual({
      statusKey: 'transactions.status.pending',
      tone: 'warning',
      titleKey: 'transactions.types.deposit',
      progress: { done: 0, required: 2 },
      signedAmount: '+0.123',
    });
  });

  it('counts confirmations while pending, and labels completed and failed sends', () => {
    expect(describeTransaction({ ...base, confirmations: 1 }, 8).progress).toEqual({ done: 1, required: 2 });
    const internal = { ...base, type: 'internal_receive', requiredConfirmations: 0 } as WalletTransaction;
    expect(describeTransaction(internal, 8).progress).toBeNull();
    const sent = {
      ...base,
      type: 'send',
      direction: 'out',
      status: 'completed',
      confirmations: 2,
    } as WalletTransaction;
    expect(describeTransaction(sent, 8)).toMatchObject({
      statusKey: 'transactions.status.completed',
      tone: 'success',
      signedAmount: '−0.123',
      progress: null,
    });
    expect(describeTransaction({ ...sent, status: 'failed' }, 8).tone).toBe('danger');
  });

  it('shows amounts to 3 decimals, rounded down, with separators', () => {
    expect(displayAmount('1234.5678', 8)).toBe('1,234.567');
    // A small holding is never hidden as zero (issue 19 defect 9, ADR 0034).
    expect(displayAmount('0.0009', 8)).toBe('0.0009');
  });
});
