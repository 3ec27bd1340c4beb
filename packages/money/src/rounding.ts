// Integer division with an explicit rounding mode, and the operations built on it: moving an amount
// between scales, price and fee math (a * b / c) and basis points. Every function is exact except for
// the one rounding step its caller names, so the caller decides who keeps the remainder.
import { MoneyError } from './errors.ts';
import { assertScale, pow10 } from './scale.ts';

/**
 * - `down`: toward zero; `up`: away from zero.
 * - `floor`: toward negative infinity; `ceil`: toward positive infinity.
 * - `half-up`: to nearest, a tie away from zero; `half-even`: to nearest, a tie to the even neighbour.
 */
export const ROUNDING_MODES = ['down', 'up', 'half-even', 'half-up', 'floor', 'ceil'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

/** What a customer pays (fees, the cost of a buy, funds held) rounds up: the house never undercharges. */
export const FEE_ROUNDING: RoundingMode = 'up';
/** What a customer receives (payouts, proceeds, interest, rewards) rounds down: the house never overpays. */
export const PAYOUT_ROUNDING: RoundingMode = 'down';

export const BPS_PER_WHOLE = 10_000n;

/** numerator / denominator rounded by `mode`; the shared primitive of this module. */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new MoneyError('divisor_must_not_be_zero', 'Cannot divide by zero');
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const sign = numerator < 0n !== denominator < 0n ? -1n : 1n;
  const twiceRemainder = abs(remainder) * 2n;
  const divisor = abs(denominator);
  switch (mode) {
    case 'down':
      return quotient;
    case 'up':
      return quotient + sign;
    case 'floor':
      return sign < 0n ? quotient - 1n : quotient;
    case 'ceil':
      return sign > 0n ? quotient + 1n : quotient;
    case 'half-up':
      return twiceRemainder >= divisor ? quotient + sign : quotient;
    case 'half-even':
      if (twiceRemainder === divisor) return quotient % 2n === 0n ? quotient : quotient + sign;
      return twiceRemainder > divisor ? quotient + sign : quotient;
    default:
      throw new MoneyError('rounding_mode_is_unknown', `Unknown rounding mode ${String(mode as unknown)}`);
  }
}

/** The same value at another scale: exact when the scale grows, rounded by `mode` when it shrinks. */
export function rescale(value: bigint, fromScale: number, toScale: number, mode: RoundingMode): bigint {
  assertScale(fromScale, 'fromScale');
  assertScale(toScale, 'toScale');
  if (toScale >= fromScale) return value * pow10(toScale - fromScale);
  return divideRounded(value, pow10(fromScale - toScale), mode);
}

/**
 * a * b / c with a single rounding at the end, e.g. a notional in quote minor units:
 * `mulDiv(quantity, price, scaleFactor(baseScale), mode)` where price is quote minor units per whole base.
 */
export function mulDiv(a: bigint, b: bigint, c: bigint, mode: RoundingMode): bigint {
  return divideRounded(a * b, c, mode);
}

/** amount * bps / 10,000, e.g. a 0.5 % fee is `applyBps(amount, 50, FEE_ROUNDING)`. */
export function applyBps(amount: bigint, bps: bigint | number, mode: RoundingMode): bigint {
  return divideRounded(amount * toBps(bps), BPS_PER_WHOLE, mode);
}

export interface FeeSplit {
  readonly fee: bigint;
  readonly net: bigint;
}

/** Splits a non-negative amount into a fee rounded up and the rest, so fee + net === amount exactly. */
export function splitFee(amount: bigint, feeBps: bigint | number): FeeSplit {
  if (amount < 0n) throw new MoneyError('amount_must_not_be_negative', 'A fee is taken from a non-negative amount');
  const bps = toBps(feeBps);
  if (bps < 0n || bps > BPS_PER_WHOLE) {
    throw new MoneyError('fee_bps_must_be_from_0_to_10000', `A fee must be 0 to 10000 bps, got ${bps}`);
  }
  const fee = applyBps(amount, bps, FEE_ROUNDING);
  return { fee, net: amount - fee };
}

function toBps(bps: bigint | number): bigint {
  if (typeof bps === 'bigint') return bps;
  if (typeof bps === 'number' && Number.isSafeInteger(bps)) return BigInt(bps);
  throw new MoneyError('bps_must_be_an_integer', `Basis points must be an integer, got ${String(bps)}`);
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}
