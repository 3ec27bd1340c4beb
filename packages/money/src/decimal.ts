// Decimal strings <-> bigint minor units. Decimal strings are the only form an amount takes at the
// API boundary; parsing is strict so that a typo never becomes a different amount.
import { MoneyError, type MoneyErrorCode } from './errors.ts';
import { divideRounded, rescale, type RoundingMode } from './rounding.ts';
import { assertScale, pow10 } from './scale.ts';

/** Longer input is refused before any work is done on it (about 10^80 whole units at scale 18). */
export const MAX_DECIMAL_LENGTH = 100;

// An optional minus, then 0 or digits without a leading zero, then optionally a point and digits.
const DECIMAL = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

export interface ParseOptions {
  /** Accept a leading minus (default false: amounts a customer enters are never negative). */
  readonly allowNegative?: boolean;
  /** Round digits beyond the scale with this mode instead of refusing them. */
  readonly rounding?: RoundingMode;
}

/**
 * Parses a decimal string into minor units at `scale`: `parseAmount('1.5', 8)` is `150000000n`.
 * Refuses (with a `MoneyError`) empty text, whitespace, `+`, exponents, `.5`, `5.`, leading zeros,
 * separators and, unless `rounding` is given, non-zero digits beyond the scale. Zeros beyond the
 * scale (`'1.50000'` at scale 2) change nothing and are accepted.
 */
export function parseAmount(text: string, scale: number, options: ParseOptions = {}): bigint {
  assertScale(scale);
  if (typeof text !== 'string') throw new MoneyError('amount_is_not_a_decimal', 'An amount must be a decimal string');
  if (text === '') throw new MoneyError('amount_is_empty', 'An amount is required');
  if (text.length > MAX_DECIMAL_LENGTH) {
    throw new MoneyError('amount_is_too_long', `An amount has at most ${MAX_DECIMAL_LENGTH} characters`);
  }
  const match = DECIMAL.exec(text);
  if (!match) throw new MoneyError('amount_is_not_a_decimal', 'An amount must be written like 12.345');
  const [, sign = '', whole = '', fraction = ''] = match;
  if (sign !== '' && options.allowNegative !== true) {
    throw new MoneyError('amount_must_not_be_negative', 'An amount must not be negative');
  }
  const exact = BigInt(whole + fraction) * (sign === '' ? 1n : -1n);
  if (fraction.length <= scale) return exact * pow10(scale - fraction.length);
  const excess = pow10(fraction.length - scale);
  if (options.rounding !== undefined) return divideRounded(exact, excess, options.rounding);
  if (exact % excess === 0n) return exact / excess;
  throw new MoneyError('amount_has_too_many_decimals', `An amount has at most ${scale} decimals here`);
}

export type ParseResult =
  | { readonly ok: true; readonly value: bigint }
  | { readonly ok: false; readonly code: MoneyErrorCode; readonly message: string };

/** `parseAmount` returning its error as data, for form validators. */
export function tryParseAmount(text: string, scale: number, options: ParseOptions = {}): ParseResult {
  try {
    return { ok: true, value: parseAmount(text, scale, options) };
  } catch (error) {
    if (error instanceof MoneyError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

export type FormatOptions =
  | { readonly decimals?: undefined; readonly grouping?: boolean }
  | {
      /** Exactly this many decimals, padded with zeros or rounded by `rounding`. */
      readonly decimals: number;
      readonly rounding: RoundingMode;
      /** Thousands separators (`1,234.5`); off by default so the output parses back. */
      readonly grouping?: boolean;
    };

/**
 * Writes minor units as a decimal string. Without `decimals` the result is exact and as short as
 * possible (`formatAmount(150000000n, 8)` is `'1.5'`) and `parseAmount` reads it back to the same
 * bigint; with `decimals` it has exactly that many, rounded as the caller says.
 */
export function formatAmount(minor: bigint, scale: number, options: FormatOptions = {}): string {
  assertScale(scale);
  let value = minor;
  let decimals = scale;
  if (options.decimals !== undefined) {
    assertScale(options.decimals, 'decimals');
    value = rescale(minor, scale, options.decimals, options.rounding);
    decimals = options.decimals;
  }
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  let whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (options.decimals === undefined) fraction = fraction.replace(/0+$/, '');
  if (options.grouping === true) whole = groupThousands(whole);
  return `${value < 0n ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** The digits of a whole number grouped by thousands as @rora/money writes them: `1234567` -> `1,234,567`. */
export function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+$)/g, ',');
}
