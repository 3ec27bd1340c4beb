// The figures of a swap quote, pure and exact: from the amount the customer gives, the fee (rounded
// up), the amount received (rounded down, at the reference rate less the spread), the part of the
// source that buys it, and the dust left over (worth less than one minor unit of the target), which
// the settlement books to the house's dust account. Every rounding favours the house, and
// fee + converted + dust is exactly the amount held.
import {
  BPS_PER_WHOLE,
  FEE_ROUNDING,
  PAYOUT_ROUNDING,
  divideRounded,
  formatAmount,
  mulDiv,
  scaleFactor,
  splitFee,
} from '@rora/money';

/** Whole units of the target per whole unit of the source, as an exact fraction. */
export interface Rate {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

export interface QuoteInput {
  /** Source minor units the customer gives (held at once, fee included). */
  readonly quantity: bigint;
  readonly fromScale: number;
  readonly toScale: number;
  /** The reference (mid) rate. */
  readonly rate: Rate;
  readonly spreadBps: number;
  readonly feeBps: number;
}

export interface QuoteFigures {
  readonly quantity: bigint;
  /** Source minor units to the fees account. */
  readonly fee: bigint;
  /** Source minor units to the liquidity account: the least that buys `receive` at the customer's rate. */
  readonly converted: bigint;
  /** Source minor units to the dust account: what remained, worth less than one target minor unit. */
  readonly dust: bigint;
  /** Target minor units credited to the customer from the liquidity account. */
  readonly receive: bigint;
  /** Target minor units the spread costs: what quantity less the fee buys at the reference rate, less receive. */
  readonly spread: bigint;
}

/** The customer's rate in minor units: target minor units per source minor unit is N / D. */
export function customerRateFraction(input: Omit<QuoteInput, 'quantity' | 'feeBps'>): { n: bigint; d: bigint } {
  const keep = BPS_PER_WHOLE - BigInt(input.spreadBps);
  return {
    n: input.rate.numerator * keep * scaleFactor(input.toScale),
    d: input.rate.denominator * BPS_PER_WHOLE * scaleFactor(input.fromScale),
  };
}

function assertInput(input: QuoteInput): void {
  if (input.quantity < 0n) throw new Error('a quote needs a non-negative quantity');
  if (input.rate.numerator <= 0n || input.rate.denominator <= 0n) throw new Error('a rate must be positive');
  if (!Number.isSafeInteger(input.spreadBps) || input.spreadBps < 0 || input.spreadBps >= 10_000) {
    throw new Error(`spreadBps must be 0 to 9999, got ${input.spreadBps}`);
  }
}

export function computeQuote(input: QuoteInput): QuoteFigures {
  assertInput(input);
  const { fee, net } = splitFee(input.quantity, input.feeBps);
  const { n, d } = customerRateFraction(input);
  const receive = mulDiv(net, n, d, PAYOUT_ROUNDING);
  const converted = receive === 0n ? 0n : divideRounded(receive * d, n, FEE_ROUNDING);
  const dust = net - converted;
  const atReference = mulDiv(
    net,
    input.rate.numerator * scaleFactor(input.toScale),
    input.rate.denominator * scaleFactor(input.fromScale),
    PAYOUT_ROUNDING,
  );
  const figures = { quantity: input.quantity, fee, converted, dust, receive, spread: atReference - receive };
  assertFigures(figures, n, d);
  return figures;
}

/** A broken quote is a programmer error: it must never reach the ledger. */
function assertFigures(f: QuoteFigures, n: bigint, d: bigint): void {
  const parts = [f.fee, f.converted, f.dust, f.receive, f.spread];
  if (parts.some((part) => part < 0n)) throw new Error('quote figures must not be negative');
  if (f.fee + f.converted + f.dust !== f.quantity) throw new Error('fee + converted + dust must equal the quantity');
  if (f.receive * d > f.converted * n) throw new Error('receive must not exceed what converted buys');
  if (f.dust * n >= d) throw new Error('dust must be worth less than one target minor unit');
}

/** A rate as a decimal string, cut (not rounded up) to `decimals`. */
export function formatRate(rate: Rate, decimals = 12): string {
  return formatAmount(mulDiv(rate.numerator, scaleFactor(decimals), rate.denominator, PAYOUT_ROUNDING), decimals);
}

/** The customer's rate (the reference less the spread) as a fraction of whole units. */
export function customerRate(rate: Rate, spreadBps: number): Rate {
  return {
    numerator: rate.numerator * (BPS_PER_WHOLE - BigInt(spreadBps)),
    denominator: rate.denominator * BPS_PER_WHOLE,
  };
}
