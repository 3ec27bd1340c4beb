// The one error type of @rora/ledger. Codes are a closed set that states the broken rule. A refusal
// from the database (every code but `ledger_input_is_invalid`) has written nothing, and the
// caller's transaction stays usable: catch it and go on, or let it roll the transaction back.

export const LEDGER_ERROR_CODES = [
  /** A malformed input (id, asset, kind, code, metadata): a programmer error, refused before SQL. */
  'ledger_input_is_invalid',
  'amount_must_be_positive',
  'accounts_must_differ',
  'held_account_moves_only_through_holds',
  'insufficient_balance',
  'available_balance_must_cover_hold',
  'transfer_id_reused_with_different_content',
  'transfer_id_must_be_unique_in_batch',
  'hold_not_found',
  'hold_already_settled',
  'post_amount_must_not_exceed_hold',
] as const;

export type LedgerErrorCode = (typeof LEDGER_ERROR_CODES)[number];

export interface LedgerErrorDetails {
  /** Position of the refused operation in the batch. */
  index?: number;
  /** The account that could not cover the amount. */
  accountId?: bigint;
}

export class LedgerError extends Error {
  override readonly name = 'LedgerError';
  readonly code: LedgerErrorCode;
  readonly index: number | undefined;
  readonly accountId: bigint | undefined;

  constructor(code: LedgerErrorCode, message: string, details: LedgerErrorDetails = {}) {
    super(message);
    this.code = code;
    this.index = details.index;
    this.accountId = details.accountId;
  }
}

export function isLedgerError(error: unknown, code?: LedgerErrorCode): error is LedgerError {
  return error instanceof LedgerError && (code === undefined || error.code === code);
}

export function isLedgerErrorCode(value: unknown): value is LedgerErrorCode {
  return (LEDGER_ERROR_CODES as readonly unknown[]).includes(value);
}
