import { describe, expect, it } from 'vitest';
import { btcEthQuote } from '../../../testing/swap-fixtures.ts';
import { changedFigures } from './quote-change.ts';

const quote = btcEthQuote();
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
