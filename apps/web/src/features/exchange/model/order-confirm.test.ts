import { describe, expect, it } from 'vitest';
import { orderRateOf } from '../../../testing/market-fixtures.ts';
import { estimateMoved, movedFigures } from './order-confirm.ts';

const seen = orderRateOf();

describe('an estimate that moved while the order was being confirmed', () => {
  it.each([
    [{}, [], false],
    [{ price: '65010', total: '650.1' }, ['price', 'total'], true],
    [{ amount: '0.00999', receive: '0.00994' }, ['amount', 'receive'], true],
    [{ fee: '0.00006' }, ['fee'], true],
    [{ feeBps: 20 }, [], true],
    [{ role: 'maker' as const }, [], true],
    [{ fullyFillable: false }, [], true],
    // Only what the dialog shows or means counts: the notional alone is the total before the fee.
    [{ notional: '650.01' }, [], false],
  ])('%o moves %o (moved: %s)', (change, figures, moved) => {
    const now = { ...seen, ...change };
    expect(movedFigures(seen, now)).toEqual(figures);
    expect(estimateMoved(seen, now)).toBe(moved);
  });

  it('says nothing moved while either estimate is missing', () => {
    expect(estimateMoved(undefined, seen)).toBe(false);
    expect(estimateMoved(seen, undefined)).toBe(false);
    expect(movedFigures(undefined, seen)).toEqual([]);
  });
});
