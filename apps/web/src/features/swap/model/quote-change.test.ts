import { describe, expect, it } from 'vitest';
import type { SwapQuote } from '@rora/contracts';
import { changedFigures } from './quote-change.ts';

const quote: SwapQuote = {
  id: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607182',
  from: 'BTC',
  to: 'ETH',
  quantity: '0.01',
  fee: '0.00005',
  feeBps: 50,
  referenceRate: '18.4',
  rate: '18.308',
  spreadBps: 50,
  spread: '0.00092',
  receive: '0.18308',
  route: 'direct',
  usdValue: '460.00',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T00:00:30.000Z',
};
const refreshed = { ...quote, id: '3c4d5e6f-7081-4b92-8c3d-4e5f60718293' };

describe('the figures of a refreshed quote', () => {
  it.each([
    ['nothing seen yet', null, quote, []],
    ['the same quote', quote, { ...quote, rate: '1' }, []],
    ['a new quote at the same figures', quote, refreshed, []],
    [
      'a new rate',
      quote,
      { ...refreshed, rate: '18.1', receive: '0.181', spread: '0.0009' },
      ['receive', 'rate', 'spread'],
    ],
    ['only a new fee', quote, { ...refreshed, fee: '0.00006' }, ['fee']],
  ] as const)('with %s', (_case, seen, shown, changed) => {
    expect(changedFigures(seen, shown)).toEqual(changed);
  });
});
