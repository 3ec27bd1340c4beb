// The loan-to-value a preview shows never reads on the other side of the limit than its verdict.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { previewLtvBps } from './loan-terms.ts';

it('agrees with the verdict, and is the dollars’ ratio wherever that already agrees', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 20_000 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 9_000 }),
      (shown, ok, limit) => {
        const read = previewLtvBps(shown, ok, limit);
        expect(ok ? read <= limit : read > limit).toBe(true);
        if (ok ? shown <= limit : shown > limit) expect(read).toBe(shown);
        else expect(read).toBe(ok ? limit : limit + 1);
      },
    ),
  );
});

it('reads a refused request at the limit a basis point over it, and an accepted one over it at the limit', () => {
  expect(previewLtvBps(6500, false, 6500)).toBe(6501);
  expect(previewLtvBps(6501, true, 6500)).toBe(6500);
  expect(previewLtvBps(4200, true, 6500)).toBe(4200);
  expect(previewLtvBps(7000, false, 6500)).toBe(7000);
});
