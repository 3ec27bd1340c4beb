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
  source: { kind: 'deposit', id: 'd1' },
  trade: null,
  swap: null,
} as WalletTransaction;

describe('describeTransaction', () => {
  it('labels a deposit in the mempool as pending, with its confirmations still to come', () => {
    expect(describeTransaction(base, 8)).toEqual({
      statusKey: 'transactions.status.pending',
      tone: 'warning',
      titleKey: 'transactions.types.deposit',
      titleValues: null,
      progress: { done: 0, required: 2 },
      signedAmount: '+0.12345678',
      detail: null,
      link: null,
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
      signedAmount: '−0.12345678',
      progress: null,
    });
    expect(describeTransaction({ ...sent, status: 'failed' }, 8).tone).toBe('danger');
  });

  it('shows amounts to 3 decimals, rounded down, with separators', () => {
    expect(displayAmount('1234.5678', 8)).toBe('1,234.567');
    // A small holding is never hidden as zero (issue 19 defect 9, ADR 0034).
    expect(displayAmount('0.0009', 8)).toBe('0.0009');
  });

  it('says what a fill bought, at what price, and links to its market', () => {
    const bought = {
      ...base,
      type: 'trade',
      assetSymbol: 'LTC',
      status: 'completed',
      amount: '1.998',
      source: { kind: 'order', id: 'o1' },
      trade: { orderId: 'o1', symbol: 'LTC/USDT', side: 'buy', price: '80', amount: '2', total: '160' },
    } as WalletTransaction;
    expect(describeTransaction(bought, 8)).toMatchObject({
      titleKey: 'transactions.types.bought',
      signedAmount: '+1.998',
      detail: { key: 'transactions.tradeDetail', values: { amount: '2 LTC', price: '80.00 USDT', total: '160 USDT' } },
      link: { path: '/dashboard/exchange?pair=LTC-USDT', labelKey: 'transactions.links.order' },
      progress: null,
    });
    const sold = { ...bought, direction: 'out', trade: { ...bought.trade!, side: 'sell' } } as WalletTransaction;
    expect(describeTransaction(sold, 8)).toMatchObject({ titleKey: 'transactions.types.sold', signedAmount: '−1.998' });
    // The USDT side of the same buy says what it paid for.
    const paid = { ...bought, assetSymbol: 'USDT', direction: 'out', amount: '160' } as WalletTransaction;
    expect(describeTransaction(paid, 6)).toMatchObject({
      titleKey: 'transactions.types.paidFor',
      titleValues: { asset: 'LTC' },
      signedAmount: '−160',
    });
  });

  it('writes the amount as a coin amount and the price at the tick, grouped (issue 19 follow-up)', () => {
    const paid = {
      ...base,
      type: 'trade',
      assetSymbol: 'USDT',
      direction: 'out',
      status: 'completed',
      amount: '1502.482049',
      source: { kind: 'order', id: 'o2' },
      trade: {
        orderId: 'o2',
        symbol: 'BTC/USDT',
        side: 'buy',
        price: '53600.25',
        amount: '0.02803',
        total: '1502.482049',
      },
    } as WalletTransaction;
    expect(describeTransaction(paid, 6)).toMatchObject({
      signedAmount: '−1,502.482049',
      detail: { values: { amount: '0.02803 BTC', price: '53,600.2 USDT', total: '1,502.482049 USDT' } },
    });
  });

  it('shows both sides of a swap and links to Swap', () => {
    const swap = {
      ...base,
      type: 'swap',
      assetSymbol: 'BTC',
      direction: 'out',
      status: 'completed',
      amount: '0.1',
      source: { kind: 'swap', id: 's1' },
      swap: { fromAsset: 'BTC', toAsset: 'ETH', fromAmount: '0.1', toAmount: '1.84' },
    } as WalletTransaction;
    expect(describeTransaction(swap, 8)).toMatchObject({
      titleKey: 'transactions.types.swap',
      detail: { key: 'transactions.swapDetail', values: { from: '0.1 BTC', to: '1.84 ETH' } },
      link: { path: '/dashboard/swap', labelKey: 'transactions.links.swap' },
    });
  });
});
