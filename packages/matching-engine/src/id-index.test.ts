import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hashId, IdIndex } from './id-index.ts';
import { NONE, OrderSlots } from './order-slots.ts';
import { testSeed } from './testing/commands.ts';
import type { OrderId } from './types.ts';

const runs = { seed: testSeed('id index'), numRuns: 200 };

const anyId = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.uuid(),
  fc.integer({ min: -50, max: 3000 }),
  fc.constantFrom<OrderId>(0, -0, Number.NaN, 2 ** 40, -(2 ** 53) + 1, 0.5, '0', 'NaN'),
);

describe('IdIndex', () => {
  it('answers like a Map (SameValueZero) through any claims and removals, past growth', () => {
    const step = fc.record({ add: fc.boolean(), id: anyId, pick: fc.nat() });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 2500 }), (steps) => {
        const slots = new OrderSlots();
        const index = new IdIndex(slots);
        const model = new Map<OrderId, number>();
        for (const { add, id, pick } of steps) {
          if (add) {
            const slot = slots.take(id, 'owner');
            const expected = model.get(id) ?? NONE;
            expect(index.claim(id, hashId(id), slot)).toBe(expected);
            if (expected === NONE) model.set(id, slot);
            else slots.release(slot);
          } else if (model.size > 0) {
            const [gone, slot] = [...model][pick % model.size]!;
            index.remove(slot, hashId(gone));
            slots.release(slot);
            model.delete(gone);
          }
          expect(index.size).toBe(model.size);
        }
        for (const [id, slot] of model) expect(index.get(id, hashId(id))).toBe(slot);
        for (const { id } of steps) expect(index.get(id, hashId(id))).toBe(model.get(id) ?? NONE);
      }),
      runs,
    );
  });

  it('hashes ids that a Map takes as one alike', () => {
    expect(hashId(-0)).toBe(hashId(0));
    expect(hashId(Number.NaN)).toBe(hashId(0 / 0));
    expect(hashId('o1')).toBe(hashId(['o', 1].join('')));
  });
});
