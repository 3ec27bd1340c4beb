// What a repaid loan paid out, worked out from the loan as the API gives it: the borrower paid the
// debt, the platform kept its share of the interest, and the lender got the rest. The detail shows
// the lender's part so no one reads "paid by the borrower" as what reached the lender. A loan settled
// from its collateral says how much of the debt and penalty the collateral covered.
import type { Loan } from '@rora/contracts';
import { assetScale, formatAmount, isAssetSymbol, tryParseAmount } from '@rora/money';

export interface Settlement {
  /** The platform's fee, a share of the interest (decimal text in the loan's coin). */
  readonly fee: string;
  /** paid − fee: what the lender received. */
  readonly lenderReceived: string;
}

/** The fee and the lender's part of a repaid loan; null for any other loan or figures it cannot read. */
export function settlementOf(loan: Pick<Loan, 'status' | 'asset' | 'paid' | 'fee'>): Settlement | null {
  if (loan.status !== 'repaid' || loan.paid === null || loan.fee === null || !isAssetSymbol(loan.asset)) return null;
  const scale = assetScale(loan.asset);
  const paid = tryParseAmount(loan.paid, scale);
  const fee = tryParseAmount(loan.fee, scale);
  if (!paid.ok || !fee.ok || fee.value < 0n || fee.value > paid.value) return null;
  return { fee: loan.fee, lenderReceived: formatAmount(paid.value - fee.value, scale) };
}

/** How much of what a loan settled from its collateral owed (debt and penalty) the collateral covered. */
export interface CollateralCover {
  /** What the seized collateral was worth then, in the loan's coin (decimal text). */
  readonly worth: string;
  /** debtSettled + penalty (decimal text). */
  readonly owed: string;
  /** owed − worth when the collateral fell short (decimal text); null when it covered all. */
  readonly missing: string | null;
}

/**
 * A loan settled from its collateral, read honestly: all of it seized may have been worth less than
 * the debt and penalty it paid for. Null without the figures (a loan settled before they were
 * recorded, or any other loan).
 */
export function collateralCoverOf(
  loan: Pick<Loan, 'asset' | 'debtSettled' | 'penalty' | 'collateralWorth'>,
): CollateralCover | null {
  if (loan.debtSettled === null || loan.penalty === null || loan.collateralWorth === null) return null;
  if (!isAssetSymbol(loan.asset)) return null;
  const scale = assetScale(loan.asset);
  const [debt, penalty, worth] = [loan.debtSettled, loan.penalty, loan.collateralWorth].map((text) =>
    tryParseAmount(text, scale),
  );
  if (!debt?.ok || !penalty?.ok || !worth?.ok) return null;
  const owed = debt.value + penalty.value;
  return {
    worth: loan.collateralWorth,
    owed: formatAmount(owed, scale),
    missing: worth.value >= owed ? null : formatAmount(owed - worth.value, scale),
  };
}
