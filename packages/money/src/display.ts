// Formatters for what a person reads: US dollar valuations, wallet balances and percentages. They
// use en-US separators and round toward zero by default, so nothing is shown larger than it is.
import { formatAmount, parseAmount } from './decimal.ts';
import { rescale, type RoundingMode } from './rounding.ts';

const USD_SCALE = 2;
const BALANCE_DECIMALS = 3;
const SIGNIFICANT_DIGITS = 3;

export interface UsdOptions {
  /** How a decimal string with more than 2 decimals becomes cents (default `down`). */
  readonly rounding?: RoundingMode;
}

/**
 * `$1,234.56`. A bigint is cents (USD minor units); a string is a decimal amount of dollars, like the
 * API sends (`'1234.567'`). Anything else, including text that is not a decimal, shows `$0.00`
 * (spec §9). A negative value shows as `-$12.00`.
 */
export function formatUsd(value: bigint | string | null | undefined, options: UsdOptions = {}): string {
  const cents = toMinor(value, USD_SCALE, options.rounding ?? 'down') ?? 0n;
  const text = formatAmount(cents < 0n ? -cents : cents, USD_SCALE, {
    decimals: USD_SCALE,
    rounding: 'down',
    grouping: true,
  });
  return `${cents < 0n ? '-' : ''}$${text}`;
}

/**
 * A balance as a person reads it (spec §9, issue 19 defect 9; the rule is in docs/adr/0034): 3
 * decimals with thousands separators (`1,234.567`), rounded toward zero so a balance is never
 * overstated; but a non-zero amount under 1 shows as many more decimals (up to the asset's scale)
 * as its first 3 significant digits need, so a holding is never hidden as a rounder number:
 * 0.00216 BTC shows as `0.00216`, not `0.002`, and 0.0009 as `0.0009`, not `0.000`.
 */
export function formatBalance(minor: bigint, scale: number): string {
  const magnitude = minor < 0n ? -minor : minor;
  if (magnitude === 0n || magnitude >= 10n ** BigInt(scale)) {
    return formatAmount(minor, scale, { decimals: BALANCE_DECIMALS, rounding: 'down', grouping: true });
  }
  // Leading zeros after the point, then 3 significant digits.
  const leadingZeros = scale - magnitude.toString().length;
  const decimals = Math.min(scale, Math.max(BALANCE_DECIMALS, leadingZeros + SIGNIFICANT_DIGITS));
  const text = formatAmount(minor, scale, { decimals, rounding: 'down', grouping: true });
  // Zeros past the third decimal say nothing: 0.000900 reads 0.0009.
  return decimals > BALANCE_DECIMALS ? text.replace(/(\.\d{3}\d*?)0+$/, '$1') : text;
}

export interface PercentOptions {
  /** Decimals of a bigint input (default 2, so a bigint is hundredths of a percent: basis points). */
  readonly scale?: number;
  /** Decimals shown (default 2). */
  readonly decimals?: number;
  /** Default `half-up`: a percentage is information, not money. */
  readonly rounding?: RoundingMode;
  /** Prefix `+` on a positive value (default true). Zero never has a sign. */
  readonly signed?: boolean;
}

/**
 * `+1.23%`, `-0.50%`, `0.00%`. A string is a decimal number of percent (`'1.234'`); a bigint is a
 * percentage at `scale` (by default basis points: `50n` is `+0.50%`). Invalid input shows as zero.
 */
export function formatPercent(value: bigint | string | null | undefined, options: PercentOptions = {}): string {
  const scale = options.scale ?? 2;
  const decimals = options.decimals ?? 2;
  const rounding = options.rounding ?? 'half-up';
  const minor = toMinor(value, decimals, rounding, scale) ?? 0n;
  const text = formatAmount(minor, decimals, { decimals, rounding: 'down' });
  return `${minor > 0n && options.signed !== false ? '+' : ''}${text}%`;
}

// A bigint at `bigintScale` or a decimal string, as minor units at `scale`; undefined when invalid.
function toMinor(value: unknown, scale: number, rounding: RoundingMode, bigintScale = scale): bigint | undefined {
  if (typeof value === 'bigint') return rescale(value, bigintScale, scale, rounding);
  if (typeof value !== 'string') return undefined;
  try {
    return parseAmount(value, scale, { allowNegative: true, rounding });
  } catch {
    return undefined;
  }
}
