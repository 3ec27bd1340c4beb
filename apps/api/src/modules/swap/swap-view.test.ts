import { describe, expect, it } from 'vitest';
import type { SwapRow } from './swap.repository.ts';
import { settledMessage } from './swap-view.ts';

const row = (overrides: Partial<SwapRow>): SwapRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  quoteId: '00000000-0000-4000-8000-000000000003',
  fromAsset: 'BTC',
  toAsset: 'ETH',
  quantity: 1_000_000n,
  fee: 2_500n,
  converted: 997_500n,
  dust: 0n,
  receive: 125_628_814_402_825_754n,
  rate: '12.594367',
  status: 'completed',
  dueAt: new Date(0),
  createdAt: new Date(0),
  settledAt: new Date(0),
  failureReason: null,
  attempts: 0,
  notifiedAt: null,
  ...overrides,
});

describe('the notification of a settled swap', () => {
  it('names the amounts with at most 8 decimals, cut, never rounded up', () => {
    expect(settledMessage(row({}))).toEqual({
      kind: 'swap_completed',
      message: 'Your swap of 0.01 BTC is complete: 0.12562881 ETH arrived in your wallet.',
    });
    expect(settledMessage(row({ receive: 1_500_000_000_000_000_000n })).message).toContain(': 1.5 ETH arrived');
  });

  it('says a failed swap returned the coins', () => {
    expect(settledMessage(row({ status: 'failed', failureReason: 'liquidity_unavailable' }))).toEqual({
      kind: 'swap_failed',
      message: 'Your swap of 0.01 BTC to ETH could not be completed. The BTC is back in your wallet.',
    });
  });
});
