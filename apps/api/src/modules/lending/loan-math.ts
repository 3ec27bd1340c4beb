// The lending arithmetic, pure and in integer minor units (ADR 0028). Interest is simple interest on
// the principal for the time since funding (at least the minimum interest period), rounded up: the
// lender is never short of a fraction. The platform's fee is a share of the interest, rounded down:
// again in the lender's favour. Loan-to-value compares the debt with the collateral at reference
// prices (US dollars per whole unit, 18 decimals), rounded up so a warning or a liquidation comes
// no later than the exact figure says; the figure shown beside the dollar values is their ratio
// (shownLtvBps). A liquidation pays the lender the debt plus a penalty in
// collateral at the reference price, rounded up and capped at the collateral; the rest goes back.
import { LOAN_LTV_MAX_BPS } from '@rora/contracts';
import { BPS_PER_WHOLE, divideRounded, formatAmount, scaleFactor } from '@rora/money';

export const DAY_MS = 86_400_000;
export const YEAR_MS = 365 * DAY_MS;

/** A reference price: US dollars per whole unit at 18 decimals. */
export type PriceUnits = bigint;
export const PRICE_DECIMALS = 18;

export interface InterestInput {
  principal: bigint;
  rateBps: number;
  /** Time since funding, in milliseconds (negative counts as zero). */
  elapsedMs: number;
  /** The least time interest is charged for. */
  minMs: number;
}

/** principal × rate × max(elapsed, minimum) / year, rounded up (the lender's favour). */
export function interestFor(input: InterestInput): bigint {
  if (input.principal <= 0n) throw new Error('a loan principal must be positive');
  const billedMs = BigInt(Math.max(Math.trunc(input.elapsedMs), Math.trunc(input.minMs), 0));
  return divideRounded(input.principal * BigInt(input.rateBps) * billedMs, BPS_PER_WHOLE * BigInt(YEAR_MS), 'up');
}

export interface Repayment {
  interest: bigint;
  /** principal + interest: what the borrower pays. */
  debt: bigint;
  /** The platform's share of the interest, rounded down. */
  fee: bigint;
  /** debt − fee: what the lender receives. */
  lenderReceives: bigint;
}

export function repaymentFor(input: InterestInput & { feeBps: number }): Repayment {
  const interest = interestFor(input);
  const fee = divideRounded(interest * BigInt(input.feeBps), BPS_PER_WHOLE, 'down');
  const debt = input.principal + interest;
  const lenderReceives = debt - fee;
  if (fee < 0n || fee > interest || lenderReceives + fee !== debt) throw new Error('repayment does not add up');
  return { interest, debt, fee, lenderReceives };
}

export interface Valued {
  amount: bigint;
  scale: number;
  price: PriceUnits;
}

/**
 * Loan-to-value figures are capped here (10,000,000 %): beyond it, every level was passed long
 * before. The cap is the contract's, so a screen reads the capped figure as "this or more".
 */
export const MAX_LTV_BPS = LOAN_LTV_MAX_BPS;

/** debt value / collateral value in basis points, rounded up (capped at MAX_LTV_BPS). */
export function ltvBps(debt: Valued, collateral: Valued): number {
  if (collateral.amount <= 0n || collateral.price <= 0n || debt.price <= 0n) {
    throw new Error('LTV needs positive values');
  }
  const numerator = debt.amount * debt.price * scaleFactor(collateral.scale) * BPS_PER_WHOLE;
  const denominator = collateral.amount * collateral.price * scaleFactor(debt.scale);
  const exact = divideRounded(numerator, denominator, 'up');
  return exact > BigInt(MAX_LTV_BPS) ? MAX_LTV_BPS : Number(exact);
}

/**
 * US cents of an amount at a reference price: cut for the loan minimum (never let through by
 * rounding), rounded half to even for a value shown to a person (ADR 0035).
 */
export function usdCentsOf(value: Valued, rounding: 'down' | 'half-even'): bigint {
  return divideRounded(value.amount * value.price * 100n, scaleFactor(value.scale + PRICE_DECIMALS), rounding);
}

/** US cents as a person reads them, in dollars: `'1625.00'` (usdCentsOf rounds them half to even, ADR 0035). */
export function centsText(cents: bigint): string {
  return formatAmount(cents, 2, { decimals: 2, rounding: 'half-even' });
}

/**
 * The loan-to-value a person reads beside the two dollar figures it divides: debt cents over
 * collateral cents as shown, half to even to the basis point, so the figure is what the screen's own
 * numbers give (42.35 % beside $423.50 and $1,000.00). Only shown: every decision (a refusal, a
 * margin call, a liquidation) takes ltvBps, the exact figure rounded up. Collateral shown as $0.00
 * reads as MAX_LTV_BPS ("that or more").
 */
export function shownLtvBps(debtCents: bigint, collateralCents: bigint): number {
  if (collateralCents <= 0n) return MAX_LTV_BPS;
  const bps = divideRounded(debtCents * BPS_PER_WHOLE, collateralCents, 'half-even');
  return bps > BigInt(MAX_LTV_BPS) ? MAX_LTV_BPS : Number(bps);
}

/**
 * A shown loan-to-value moved, where it falls on the other side of a level (reached at or above it)
 * than the exact figure, to that side: the level itself, or a basis point under it. Elsewhere it is
 * left as it is; the two differ by a rounding, so only a level between them moves it.
 */
export function besideLevels(shown: number, exact: number, levels: readonly number[]): number {
  let read = shown;
  for (const level of levels) {
    if (exact >= level && read < level) read = level;
    else if (exact < level && read >= level) read = level - 1;
  }
  return read;
}

/** What `value` is worth in another asset at the reference prices, in its minor units, rounded as told. */
function worthIn(value: Valued, other: Omit<Valued, 'amount'>, rounding: 'up' | 'down'): bigint {
  const numerator = value.amount * value.price * scaleFactor(other.scale);
  return divideRounded(numerator, other.price * scaleFactor(value.scale), rounding);
}

export interface Seizure {
  /** The penalty on the debt, in the loan's asset: penaltyBps of it, rounded up. */
  penalty: bigint;
  /** The debt plus the penalty, in the loan's asset. */
  owed: bigint;
  /** Collateral paid to the lender: worth `owed`, capped at all of it. */
  seized: bigint;
  /** Collateral returned to the borrower. */
  returned: bigint;
  /**
   * What the seized collateral was worth, in the loan's asset at the same prices, rounded down: at
   * least `owed` when some came back; below it when all of it fell short of the debt and penalty.
   */
  seizedWorth: bigint;
}

export function seizureFor(input: { debt: Valued; collateral: Valued; penaltyBps: number }): Seizure {
  const penalty = divideRounded(input.debt.amount * BigInt(input.penaltyBps), BPS_PER_WHOLE, 'up');
  const owed = input.debt.amount + penalty;
  // The least collateral that covers what is owed.
  const covering = worthIn({ ...input.debt, amount: owed }, input.collateral, 'up');
  const seized = covering < input.collateral.amount ? covering : input.collateral.amount;
  const returned = input.collateral.amount - seized;
  if (seized < 0n || returned < 0n || seized + returned !== input.collateral.amount)
    throw new Error('seizure does not add up');
  const seizedWorth = worthIn({ ...input.collateral, amount: seized }, input.debt, 'down');
  return { penalty, owed, seized, returned, seizedWorth };
}
