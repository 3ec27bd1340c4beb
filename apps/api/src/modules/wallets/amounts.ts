// A customer's amount text (already shaped by the contract: digits and one point) in minor units of
// an asset. Money's refusals become catalogued errors on the field.
import { isMoneyError, parseAmount } from '@rora/money';
import { isErrorCode } from '@rora/contracts';
import { AppError } from '../../lib/errors.ts';

export function parseCustomerAmount(text: string, scale: number, field = 'amount'): bigint {
  const minor = parseCustomerFigure(text, scale, field);
  if (minor <= 0n) throw new AppError('amount_must_be_positive', { field });
  return minor;
}

/** A figure that may be zero (a fee confirmed as free inside Rora), refused on its own field. */
export function parseCustomerFigure(text: string, scale: number, field: string): bigint {
  try {
    return parseAmount(text, scale);
  } catch (error) {
    if (isMoneyError(error) && isErrorCode(error.code)) throw new AppError(error.code, { field });
    throw error;
  }
}
