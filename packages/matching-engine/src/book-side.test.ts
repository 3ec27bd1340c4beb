import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BookSide, RestingOrder, insertAt, removeAt } from './book-side.ts';
import { testSeed } from './testing/commands.ts';

const runs = { seed: testSeed('book side'), numRuns: 200 };

function order(orderId: number, side: 'buy' | 'sell', priceTicks: number): RestingOrder {
  const node = new RestingOrder();
  Object.assign(node, { orderId, owner: orderId, side, priceTicks, remainingLots: 1 + (orderId % 7) });
  return node;
}

describe('insertAt and removeAt', () => {
  it('insert and remove like splice, at every index', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.nat(), fc.integer(), (list, at, item) => {
        const index = list.length === 0 ? 0 : at % (list.length + 1);
        const expected = [...list];
        expected.splice(index, 0, item);
        const actual = [...list];
        insertAt(actual, index, item);
        expect(actual).toEqual(expected);
        removeAt(actual, index);
        expect(actual).toEqual(list);
      }),
      runs,
    );
  });
});

describe('BookSide levels', () => {
  for (const side of ['buy', 'sell'] as const) {
    it(`keeps ${side} levels sorted best last, one per price, through any appends and removes`, () => {
      const step = fc.record({ add: fc.boolean(), price: fc.integer({ min: 1, max: 40 }), pick: fc.nat() });
      fc.assert(
        fc.property(fc.array(step, { maxLength: 120 }), (steps) => {
          const book = new BookSide(side);
          const open: RestingOrder[] = [];
          steps.forEach(({ add, price, pick }, id) => {
            if (add || open.length === 0) {
              const node = order(id, side, price);
              book.append(node);
              open.push(node);
            } else {
              book.remove(open.splice(pick % open.length, 1)[0] as RestingOrder);
            }
          });
          const prices = [...new Set(open.map((node) => node.priceTicks))];
          prices.sort((a, b) => (side === 'buy' ? a - b : b - a));
          expect(book.levels.map((level) => level.priceTicks)).toEqual(prices);
          for (const level of book.levels) {
            const queued: number[] = [];
            for (let node = level.head; node !== null; node = node.next) queued.push(node.orderId as number);
            const expected = open.filter((node) => node.priceTicks === level.priceTicks).map((node) => node.orderId);
            expect(queued).toEqual(expected);
            expect(level.key).toBe(book.keyOf(level.priceTicks));
          }
        }),
        runs,
      );
    });
  }
});
