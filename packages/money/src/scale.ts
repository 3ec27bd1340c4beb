// Powers of ten for moving between scales, and the bounds a scale must respect.
import { MoneyError } from './errors.ts';

/** Largest scale accepted by the public API: twice the largest asset scale, for intermediate prices. */
export const MAX_SCALE = 36;

const POWERS: bigint[] = [1n];

/** 10^exponent for any non-negative integer exponent; internal callers validate the bound. */
export function pow10(exponent: number): bigint {
  for (let i = POWERS.length; i <= exponent; i += 1) POWERS.push(POWERS[i - 1]! * 10n);
  return POWERS[exponent]!;
}

export function assertScale(scale: number, what = 'scale'): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) {
    throw new MoneyError('scale_is_out_of_range', `${what} must be an integer from 0 to ${MAX_SCALE}, got ${scale}`);
  }
}

/** 10^scale: the number of minor units in one whole unit of an asset with this scale. */
export function scaleFactor(scale: number): bigint {
  assertScale(scale);
  return pow10(scale);
}
