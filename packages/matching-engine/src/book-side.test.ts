import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BookSide } from './book-side.ts';
import { BUY, LINKS, NEXT, NONE, NUMS, OrderSlots, REMAINING, SELL } from './order-slots.ts';
import { testSeed } from './testing/commands.ts';

const runs = { seed: testSeed('book side'), numRuns: 200 };

/** An order in a slot of its own, ready to append. */
function order(slots: OrderSlots, orderId: number): number {
  const slot = slots.take(orderId, orderId);
  slots.nums[slot * NUMS + REMAINING] = 1 + (orderId % 7);
  return slot;
}

function queue(slots: OrderSlots, book: BookSide, level: number): number[] {
  const queued: number[] = [];
  for (let slot = book.head(level); slot !== NONE; slot = slots.links[slot * LINKS + NEXT] as number) {
    queued.push(slots.orderId(slot) as number);
  }
  return queued;
}

describe('BookSide levels', () => {
  for (const side of [BUY, SELL]) {
    it(`keeps ${side === BUY ? 'buy' : 'sell'} levels sorted best first, one per price, through any appends and removes`, () => {
      const step = fc.record({ add: fc.boolean(), price: fc.integer({ min: 1, max: 90 }), pick: fc.nat() });
      fc.assert(
        fc.property(fc.array(step, { maxLength: 300 }), (steps) => {
          const slots = new OrderSlots();
          const book = new BookSide(side, slots);
          const open: Array<{ id: number; slot: number; price: number }> = [];
          steps.forEach(({ add, price, pick }, id) => {
            if (add || open.length === 0) {
              const slot = order(slots, id);
              book.append(slot, price);
              expect([slots.side(slot), book.price(slots.level(slot))]).toEqual([side, price]);
              open.push({ id, slot, price });
            } else {
              const [gone] = open.splice(pick % open.length, 1);
              book.remove(gone!.slot);
              slots.release(gone!.slot);
            }
          });
          const prices = [...new Set(open.map((node) => node.price))];
          prices.sort((a, b) => (side === BUY ? b - a : a - b));
          const levels = Array.from({ length: book.levelCount }, (_, position) => book.levelAt(position));
          expect(levels.map((level) => book.price(level))).toEqual(prices);
          levels.forEach((level, position) => {
            const expected = open.filter((node) => node.price === book.price(level)).map((node) => node.id);
            expect(queue(slots, book, level)).toEqual(expected);
            expect(book.orderCount(level)).toBe(expected.length);
            expect(book.totalLots(level)).toBe(expected.reduce((sum, id) => sum + 1 + (id % 7), 0));
            expect(book.keyAt(position)).toBe(book.keyOf(book.price(level)));
          });
        }),
        runs,
      );
    });
  }
});

describe('OrderSlots', () => {
  it('grows past its first capacity and reuses freed slots, keeping every field', () => {
    const slots = new OrderSlots();
    const taken = Array.from({ length: 5000 }, (_, id) => order(slots, id));
    expect(new Set(taken).size).toBe(5000);
    taken.forEach((slot, id) => {
      expect([slots.orderId(slot), slots.owner(slot), slots.remaining(slot), slots.resting(slot)]).toEqual([
        id,
        id,
        1 + (id % 7),
        false,
      ]);
    });
    slots.release(taken[42]!);
    expect(slots.orderId(taken[42]!)).toBeUndefined();
    expect(slots.take('again', 'owner')).toBe(taken[42]);
    expect(slots.size).toBe(5000);
  });
});
