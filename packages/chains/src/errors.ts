// The one error type of @rora/chains. Codes are a closed set that states the broken rule, so the API's
// error catalogue maps each code to a status and an i18n key without reading English text.

export const CHAIN_ERROR_CODES = [
  // Addresses a customer typed (also returned as data by validateAddress).
  'address_is_not_valid_for_network',
  'address_checksum_is_invalid',
  'destination_tag_required',
  'destination_tag_is_invalid',
  'destination_tag_is_not_supported',
  'destination_tag_conflicts_with_address',
  // Configuration, checked at start.
  'network_is_unknown',
  'deposit_config_is_missing',
  'deposit_config_is_invalid',
  'extended_key_is_invalid',
  'extended_key_must_be_public',
  'extended_key_is_for_another_network',
  'extended_key_must_be_account_level',
  'address_pool_is_invalid',
  // Deriving and broadcasting.
  'address_index_is_out_of_range',
  'address_pool_is_exhausted',
  'amount_must_be_positive',
  'broadcast_id_reused_with_different_request',
  'hot_wallet_balance_is_insufficient',
  // Sweeps of deposit addresses into the hot wallet.
  'sweep_source_is_not_a_deposit_address',
  'sweep_amount_does_not_cover_fee',
  'sweep_needs_gas',
  'sweep_fee_is_above_one_percent',
  'transaction_is_unknown',
  'replacement_is_not_supported',
  'replacement_fee_is_too_low',
  'transaction_is_not_replaceable',
  'transaction_signature_is_invalid',
] as const;

export type ChainErrorCode = (typeof CHAIN_ERROR_CODES)[number];

export class ChainError extends Error {
  override readonly name = 'ChainError';
  readonly code: ChainErrorCode;

  constructor(code: ChainErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isChainError(error: unknown): error is ChainError {
  return error instanceof ChainError;
}
