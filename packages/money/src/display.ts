// Formatters for what a person reads: US dollar valuations, wallet balances and percentages. They
// use en-US separators and round toward zero by default, so nothing is shown larger than it is.
import { formatAmount, parseAmount } from './decimal.ts';
import { rescale, type RoundingMode } from './rounding.ts';

const USD_SCALE = 2;
const BALANCE_DECIMALS = 3;

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
 * A wallet balance with exactly 3 decimals and thousands separators (spec §9): `1,234.567`. It rounds
 * toward zero so a balance is never overstated: 0.0009 BTC shows as `0.000`.
 */
export function formatBalance(minor: bigint, scale: number): string {
  return formatAmount(minor, scale, { decimals: BALANCE_DECIMALS, rounding: 'down', grouping: true });
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
