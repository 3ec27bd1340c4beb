// The loan-to-value shown never reads on the other side of a limit or level than the exact figure:
// a preview's beside its verdict, a running loan's beside its margin call and liquidation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { besideLevels } from './loan-math.ts';

/** A preview's figure: refused is an exact figure a basis point over the limit or more (loan-terms.ts). */
const previewLtvBps = (shown: number, acceptable: boolean, limit: number) =>
  besideLevels(shown, acceptable ? limit : limit + 1, [limit + 1]);

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

describe('a running loan’s loan-to-value beside the margin-call and liquidation levels', () => {
  const levels = [7_500, 8_500];

  it('reads on the exact figure’s side of each level, and the dollars’ ratio elsewhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: -3, max: 3 }), (exact, drift) => {
        const shown = Math.max(0, exact + drift);
        const read = besideLevels(shown, exact, levels);
        for (const level of levels) expect(read >= level).toBe(exact >= level);
        if (levels.every((level) => shown >= level === exact >= level)) expect(read).toBe(shown);
      }),
    );
  });

  it('reads a margin call reached at 75.01 % from dollars dividing to 74.99 % as 75.00 %', () => {
    expect(besideLevels(7_499, 7_501, levels)).toBe(7_500);
    expect(besideLevels(7_500, 7_499, levels)).toBe(7_499);
    expect(besideLevels(4_200, 4_201, levels)).toBe(4_200);
  });
});
