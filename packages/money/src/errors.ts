// The one error type of @rora/money. Codes are a closed set that states the broken rule, so the API's
// error catalogue can map each code to a status and an i18n key without reading English text.

export const MONEY_ERROR_CODES = [
  'amount_is_empty',
  'amount_is_not_a_decimal',
  'amount_is_too_long',
  'amount_has_too_many_decimals',
  'amount_must_not_be_negative',
  'amounts_must_have_the_same_asset',
  'asset_is_unknown',
  'scale_is_out_of_range',
  'rounding_mode_is_unknown',
  'divisor_must_not_be_zero',
  'bps_must_be_an_integer',
  'fee_bps_must_be_from_0_to_10000',
] as const;

export type MoneyErrorCode = (typeof MONEY_ERROR_CODES)[number];

export class MoneyError extends Error {
  override readonly name = 'MoneyError';
  readonly code: MoneyErrorCode;

  constructor(code: MoneyErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isMoneyError(error: unknown): error is MoneyError {
  return error instanceof MoneyError;
}
