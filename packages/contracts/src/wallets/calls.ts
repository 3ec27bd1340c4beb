// Every wallets call with its method, path, auth and the codes it may answer.
import type { ErrorCode } from '../errors/index.ts';
import type { AccountCall } from '../user.ts';

const signedIn: ErrorCode[] = ['authentication_required', 'session_expired'];
const owned: ErrorCode[] = [...signedIn, 'resource_not_found'];
const amountErrors: ErrorCode[] = [
  'amount_is_empty',
  'amount_is_not_a_decimal',
  'amount_is_too_long',
  'amount_is_too_large',
  'amount_has_too_many_decimals',
  'amount_must_be_positive',
];
const approvalErrors: ErrorCode[] = [
  'pin_required',
  'pin_not_set',
  'pin_is_invalid',
  'pin_locked',
  'two_factor_code_required',
  'two_factor_code_is_invalid',
  'two_factor_locked',
];
const idempotent: ErrorCode[] = [
  'idempotency_key_required',
  'idempotency_key_reused_with_different_body',
  'idempotency_request_in_progress',
];

export const walletCalls = {
  listWallets: { method: 'GET', path: '/wallet', auth: true, errors: signedIn },
  generateWallets: { method: 'GET', path: '/wallet/generate', auth: true, errors: [...signedIn, 'too_many_requests'] },
  toggleFavourite: { method: 'PUT', path: '/wallet', auth: true, errors: owned },
  walletHistory: {
    method: 'GET',
    path: '/wallet/history',
    auth: true,
    errors: [...signedIn, 'query_number_must_be_decimal_digits'],
  },
  walletTransactions: {
    method: 'GET',
    path: '/wallet/{id}',
    auth: true,
    errors: [...owned, 'query_number_must_be_decimal_digits'],
  },
  estimateFee: {
    method: 'POST',
    path: '/wallet/estimatefee',
    auth: true,
    errors: [...owned, ...amountErrors, 'price_is_unavailable', 'too_many_requests', 'destination_tag_is_invalid'],
  },
  sendTransaction: {
    method: 'POST',
    path: '/wallet/sendTransaction',
    auth: true,
    errors: [
      ...owned,
      ...amountErrors,
      ...approvalErrors,
      ...idempotent,
      'available_balance_must_cover_amount_and_fee',
      'send_fee_has_changed',
      'fee_quote_is_malformed',
      'address_is_not_valid_for_network',
      'address_checksum_is_invalid',
      'destination_tag_required',
      'destination_tag_is_invalid',
      'destination_tag_is_not_supported',
      'destination_tag_conflicts_with_address',
      'destination_tag_is_not_assigned',
      'destination_must_not_be_own_wallet',
      'price_is_unavailable',
      'too_many_requests',
      'pin_must_be_4_to_6_digits',
    ],
  },
  listColdWallets: { method: 'GET', path: '/coldwallet', auth: true, errors: signedIn },
  coldWallet: {
    method: 'GET',
    path: '/coldwallet/{id}',
    auth: true,
    errors: [...owned, 'query_number_must_be_decimal_digits'],
  },
  moveColdWallet: {
    method: 'POST',
    path: '/coldwallet',
    auth: true,
    errors: [
      ...owned,
      ...amountErrors,
      ...approvalErrors,
      ...idempotent,
      'available_balance_must_cover_amount',
      'cold_balance_must_cover_amount',
      'too_many_requests',
      'pin_must_be_4_to_6_digits',
    ],
  },
  dashboard: { method: 'GET', path: '/dashboard', auth: true, errors: signedIn },
  roraAssets: { method: 'GET', path: '/assets/rora-assets', auth: true, errors: signedIn },
} as const satisfies Record<string, AccountCall>;
