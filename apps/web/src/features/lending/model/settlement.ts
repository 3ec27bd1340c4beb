// What a repaid loan paid out, worked out from the loan as the API gives it: the borrower paid the
// debt, the platform kept its share of the interest, and the lender got the rest. The detail shows
// the lender's part so no one reads "paid by the borrower" as what reached the lender.
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
