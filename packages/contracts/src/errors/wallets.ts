import type { ErrorDefinition } from './types.ts';

// Codes of the wallets context: amounts typed by the customer, sends and their approval, cold
// holdings, and the chain codes of @rora/chains (`ChainError.code`, address checks and broadcasts),
// which answer 422: the request was understood and breaks a rule of the chain.
export const walletsErrors = {
  amount_is_empty: { status: 400, message: 'Please enter an amount' },
  amount_is_not_a_decimal: { status: 400, message: 'Please enter an amount such as 0.25' },
  amount_is_too_long: { status: 400, message: 'This amount is too long' },
  amount_is_too_large: { status: 400, message: 'This amount is larger than Rora accepts' },
  amount_has_too_many_decimals: { status: 400, message: 'This amount has more decimals than the coin allows' },
  amount_must_not_be_negative: { status: 400, message: 'The amount must not be negative' },

  available_balance_must_cover_amount_and_fee: {
    status: 422,
    message: 'Your available balance does not cover this amount and its network fee',
  },
  send_fee_has_changed: { status: 409, message: 'The network fee has changed. Check the new fee and confirm again' },
  fee_quote_is_malformed: {
    status: 400,
    message: "The fee quote must be the estimate's quote, unchanged. Check the fee again and confirm",
  },
  available_balance_must_cover_amount: { status: 422, message: 'Your available balance does not cover this amount' },
  cold_balance_must_cover_amount: { status: 422, message: 'Your cold holdings do not cover this amount' },
  destination_must_not_be_own_wallet: { status: 422, message: 'This is your own address. Choose another one' },
  destination_tag_is_not_assigned: {
    status: 422,
    message: 'This destination tag belongs to no Rora customer. Check the tag and try again',
  },
  pin_required: { status: 403, message: 'Enter your PIN to approve this' },
  price_is_unavailable: { status: 503, message: 'No price is available for this coin right now. Please try again' },
  wallet_is_not_available: {
    status: 409,
    message: 'This wallet cannot be opened yet. Please try again later',
  },

  // @rora/chains: addresses a customer typed.
  address_is_not_valid_for_network: { status: 422, message: 'This address cannot receive this coin on this network' },
  address_checksum_is_invalid: { status: 422, message: 'This address has a typo: its checksum does not match' },
  destination_tag_required: {
    status: 422,
    message: 'This address needs a destination tag, or the payment cannot be credited',
  },
  destination_tag_is_invalid: { status: 422, message: 'A destination tag is a whole number from 0 to 4294967295' },
  destination_tag_is_not_supported: { status: 422, message: 'This network has no destination tags; send without one' },
  destination_tag_conflicts_with_address: {
    status: 422,
    message: 'This address already carries a different destination tag',
  },
  // @rora/chains: configuration (checked at start; listed so every chain code has a status).
  network_is_unknown: { status: 422, message: 'This network is not supported' },
  // Sandbox only: a devnet deposit or block made by a process that only reads the devnet would live in
  // that process's memory alone, never written, mined or credited (ADR 0048).
  devnet_is_run_by_another_process: {
    status: 409,
    message: 'Another process runs the devnet on this database: send faucet and mining calls to that process',
  },
  deposit_config_is_missing: { status: 422, message: 'Deposits are not configured for this network' },
  deposit_config_is_invalid: { status: 422, message: 'The deposit configuration of this network is not valid' },
  extended_key_is_invalid: { status: 422, message: 'The extended public key is not valid' },
  extended_key_must_be_public: { status: 422, message: 'An extended public key is expected, never a private one' },
  extended_key_is_for_another_network: { status: 422, message: 'The extended public key is for another network' },
  extended_key_must_be_account_level: { status: 422, message: 'The extended public key must be at account level' },
  address_pool_is_invalid: { status: 422, message: 'The deposit address pool is not valid' },
  // @rora/chains: deriving and broadcasting.
  address_index_is_out_of_range: { status: 422, message: 'No more deposit addresses can be derived' },
  address_pool_is_exhausted: {
    status: 422,
    message: 'No deposit address is free on this network yet. Please try again later',
  },
  amount_must_be_positive: { status: 422, message: 'The amount must be greater than zero' },
  broadcast_id_reused_with_different_request: {
    status: 422,
    message: 'This send was already broadcast with other details',
  },
  hot_wallet_balance_is_insufficient: {
    status: 422,
    message: 'Rora cannot send this amount on this network right now. Your funds were returned',
  },
  // Sweeps of Rora's deposit addresses (operators and logs only; never a customer's request).
  sweep_source_is_not_a_deposit_address: { status: 422, message: 'Only a Rora deposit address can be swept' },
  sweep_amount_does_not_cover_fee: { status: 422, message: 'This address holds less than the fee to sweep it' },
  sweep_needs_gas: { status: 422, message: 'This address needs gas before its tokens can be swept' },
  sweep_fee_is_above_one_percent: { status: 422, message: 'Sweeping this address now would cost more than 1 % of it' },
  transaction_is_unknown: { status: 422, message: 'This transaction is not known on the network' },
  replacement_is_not_supported: { status: 422, message: 'Transactions on this network cannot be sped up' },
  replacement_fee_is_too_low: { status: 422, message: 'A replacement must pay a higher fee' },
  transaction_is_not_replaceable: { status: 422, message: 'This transaction can no longer be replaced' },
  transaction_signature_is_invalid: { status: 422, message: 'The network refused the transaction signature' },
} as const satisfies Record<string, ErrorDefinition>;
