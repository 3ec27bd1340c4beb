// Whether the customer's available balance of a loan's coin pays its debt now, worked out before
// they confirm a repayment: the repay dialog shows the balance and, when it falls short, says by how
// much and keeps the confirmation disabled rather than letting the API refuse it after the click.
import { assetScale, formatAmount, isAssetSymbol, tryParseAmount } from '@rora/money';

export interface RepayFunds {
  /** The available balance of the loan's coin (decimal text). */
  readonly available: string;
  /** What is missing to pay the debt now (decimal text); null when the balance covers it. */
  readonly missing: string | null;
}

/**
 * The balance beside the debt; null while either is unknown (the balances not read yet, a loan with
 * no debt now, a coin or figure that cannot be read), when the dialog says nothing of it.
 */
export function repayFunds(
  loan: { readonly asset: string; readonly debtNow: string | null },
  available: ReadonlyMap<string, bigint> | undefined,
): RepayFunds | null {
  if (available === undefined || loan.debtNow === null || !isAssetSymbol(loan.asset)) return null;
  const scale = assetScale(loan.asset);
  const debt = tryParseAmount(loan.debtNow, scale);
  if (!debt.ok) return null;
  const balance = available.get(loan.asset) ?? 0n;
  return {
    available: formatAmount(balance, scale),
    missing: balance >= debt.value ? null : formatAmount(debt.value - balance, scale),
  };
}
