import { describe, expect, it } from 'vitest';
import { MoneyError } from './errors.ts';
import {
  FEE_ROUNDING,
  PAYOUT_ROUNDING,
  ROUNDING_MODES,
  applyBps,
  divideRounded,
  mulDiv,
  rescale,
  splitFee,
  type RoundingMode,
} from './rounding.ts';
import { scaleFactor } from './scale.ts';

function expectMoneyError(action: () => unknown, code: string): void {
  expect(action).toThrow(MoneyError);
  expect(action).toThrow(expect.objectContaining({ code }));
}

// The reference table of java.math.RoundingMode: input in tenths -> result per mode.
const REFERENCE: ReadonlyArray<[bigint, Record<RoundingMode, bigint>]> = [
  [55n, { up: 6n, down: 5n, ceil: 6n, floor: 5n, 'half-up': 6n, 'half-even': 6n }],
  [25n, { up: 3n, down: 2n, ceil: 3n, floor: 2n, 'half-up': 3n, 'half-even': 2n }],
  [16n, { up: 2n, down: 1n, ceil: 2n, floor: 1n, 'half-up': 2n, 'half-even': 2n }],
  [11n, { up: 2n, down: 1n, ceil: 2n, floor: 1n, 'half-up': 1n, 'half-even': 1n }],
  [10n, { up: 1n, down: 1n, ceil: 1n, floor: 1n, 'half-up': 1n, 'half-even': 1n }],
  [0n, { up: 0n, down: 0n, ceil: 0n, floor: 0n, 'half-up': 0n, 'half-even': 0n }],
  [-10n, { up: -1n, down: -1n, ceil: -1n, floor: -1n, 'half-up': -1n, 'half-even': -1n }],
  [-11n, { up: -2n, down: -1n, ceil: -1n, floor: -2n, 'half-up': -1n, 'half-even': -1n }],
  [-16n, { up: -2n, down: -1n, ceil: -1n, floor: -2n, 'half-up': -2n, 'half-even': -2n }],
  [-25n, { up: -3n, down: -2n, ceil: -2n, floor: -3n, 'half-up': -3n, 'half-even': -2n }],
  [-55n, { up: -6n, down: -5n, ceil: -5n, floor: -6n, 'half-up': -6n, 'half-even': -6n }],
];

describe('rounding modes', () => {
  for (const [tenths, expected] of REFERENCE) {
    for (const mode of ROUNDING_MODES) {
      it(`rounds ${tenths}/10 ${mode} to ${expected[mode]}`, () => {
        expect(rescale(tenths, 1, 0, mode)).toBe(expected[mode]);
        expect(divideRounded(-tenths, -10n, mode)).toBe(expected[mode]);
      });
    }
  }

  it.each([
    [125n, 3, 'half-even', 12n],
    [135n, 3, 'half-even', 14n],
    [125n, 3, 'half-up', 13n],
    [-125n, 3, 'half-even', -12n],
    [1251n, 4, 'half-even', 13n],
  ] as const)('rounds %s at scale %s to scale 2 %s as %s', (value, fromScale, mode, expected) => {
    expect(rescale(value, fromScale, 2, mode)).toBe(expected);
  });

  it('refuses an unknown rounding mode', () => {
    expectMoneyError(() => rescale(15n, 1, 0, 'nearest' as RoundingMode), 'rounding_mode_is_unknown');
  });

  it('states the house policy: fees up, payouts down', () => {
    expect(FEE_ROUNDING).toBe('up');
    expect(PAYOUT_ROUNDING).toBe('down');
  });
});

describe('rescale', () => {
  it('grows the scale exactly whatever the mode', () => {
    expect(rescale(15n, 1, 8, 'down')).toBe(150_000_000n);
    expect(rescale(-15n, 1, 18, 'up')).toBe(-1_500_000_000_000_000_000n);
  });

  it('keeps the value at the same scale', () => {
    expect(rescale(123n, 6, 6, 'up')).toBe(123n);
  });

  it('turns wei into satoshi-sized units without overpaying', () => {
    expect(rescale(1_234_567_891_234_567_891n, 18, 8, PAYOUT_ROUNDING)).toBe(123_456_789n);
    expect(rescale(1_234_567_891_234_567_891n, 18, 8, FEE_ROUNDING)).toBe(123_456_790n);
  });

  it.each([-1, 37, 1.5, Number.NaN])('refuses the scale %s', (scale) => {
    expectMoneyError(() => rescale(1n, scale, 2, 'down'), 'scale_is_out_of_range');
    expectMoneyError(() => rescale(1n, 2, scale, 'down'), 'scale_is_out_of_range');
  });
});

describe('mulDiv', () => {
  it('computes an exact notional: 0.5 BTC at 65,000.123456 USDT', () => {
    expect(mulDiv(50_000_000n, 65_000_123_456n, scaleFactor(8), 'down')).toBe(32_500_061_728n);
  });

  it.each([
    ['down', 650n],
    ['up', 651n],
    ['half-up', 650n],
    ['floor', 650n],
    ['ceil', 651n],
  ] as const)('rounds the notional of 1 satoshi at 65,000.123456 USDT %s', (mode, expected) => {
    expect(mulDiv(1n, 65_000_123_456n, scaleFactor(8), mode)).toBe(expected);
  });

  it('handles a negative divisor and negative factors', () => {
    expect(mulDiv(7n, 3n, -2n, 'floor')).toBe(-11n);
    expect(mulDiv(-7n, 3n, 2n, 'ceil')).toBe(-10n);
    expect(mulDiv(-7n, -3n, -2n, 'down')).toBe(-10n);
  });

  it('refuses a zero divisor', () => {
    expectMoneyError(() => mulDiv(1n, 1n, 0n, 'down'), 'divisor_must_not_be_zero');
  });
});

describe('applyBps', () => {
  it.each([
    [1_000_001n, 50, 'up', 5_001n],
    [1_000_001n, 50, 'down', 5_000n],
    [1_000_000n, 50n, 'up', 5_000n],
    [1n, 1, 'up', 1n],
    [1n, 1, 'down', 0n],
    [123n, 0, 'up', 0n],
    [123n, 10_000, 'down', 123n],
    [-1_000_001n, 50, 'up', -5_001n],
  ] as const)('takes %s at %s bps rounded %s as %s', (amount, bps, mode, expected) => {
    expect(applyBps(amount, bps, mode)).toBe(expected);
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])('refuses %s basis points', (bps) => {
    expectMoneyError(() => applyBps(100n, bps, 'up'), 'bps_must_be_an_integer');
  });
});

describe('splitFee', () => {
  it.each([
    [999n, 100, 10n, 989n],
    [1_000_000n, 50, 5_000n, 995_000n],
    [1n, 1, 1n, 0n],
    [0n, 50, 0n, 0n],
    [777n, 0, 0n, 777n],
    [777n, 10_000, 777n, 0n],
  ] as const)('splits %s at %s bps into fee %s and net %s', (amount, bps, fee, net) => {
    expect(splitFee(amount, bps)).toEqual({ fee, net });
  });

  it('refuses a negative amount', () => {
    expectMoneyError(() => splitFee(-1n, 50), 'amount_must_not_be_negative');
  });

  it.each([-1, 10_001, -1n])('refuses a fee of %s bps', (bps) => {
    expectMoneyError(() => splitFee(100n, bps), 'fee_bps_must_be_from_0_to_10000');
  });
});
