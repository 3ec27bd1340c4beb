// The ledger's closed vocabularies: account kinds and transfer codes. README.md explains each one;
// the SQL CHECK on ledger_accounts lists the same kinds.

/** Accounts a customer owns, one per (customer, asset, kind). None of them may go negative. */
export const CUSTOMER_ACCOUNT_KINDS = ['available', 'held', 'staked', 'cold', 'loan_escrow'] as const;
export type CustomerAccountKind = (typeof CUSTOMER_ACCOUNT_KINDS)[number];

/** Accounts of the house, one per (asset, kind). */
export const SYSTEM_ACCOUNT_KINDS = [
  'external_world',
  'chain_omnibus',
  'cold_omnibus',
  'fees',
  'liquidity',
  'staking_rewards',
  'dust',
  // what the house won (charged fees) or lost (network fees paid) on sends; may go negative
  'fee_result',
] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

export type AccountKind = CustomerAccountKind | SystemAccountKind;

/**
 * The accounts that mirror holdings outside the books (coins on chain, value in the world), and so
 * carry the negative side of every customer liability. All others refuse to go below zero.
 */
export const NEGATIVE_ACCOUNT_KINDS: readonly SystemAccountKind[] = [
  'external_world',
  'chain_omnibus',
  'cold_omnibus',
  'fee_result',
];

/** Why money moved. A new flow adds its code here and a line to README.md. */
export const TRANSFER_CODES = [
  // wallets and chains
  'deposit',
  'withdrawal_hold',
  // a credited deposit whose block a reorganisation removed: the amount is held for an operator
  'deposit_reorg_hold',
  'withdrawal',
  'withdrawal_fee',
  // the network fee the hot wallet paid for a send: fee_result -> chain_omnibus, in the fee asset
  'network_fee',
  'internal_transfer',
  'cold_wallet_deposit',
  'cold_wallet_withdrawal',
  'hot_to_cold',
  'cold_to_hot',
  // trading
  'order_hold',
  'trade',
  'trade_fee',
  'venue_trade',
  // swap and on-ramp
  'swap_hold',
  'swap',
  'swap_fee',
  'onramp_purchase',
  // finance
  'stake',
  'unstake',
  'staking_reward',
  'loan_collateral',
  'loan_collateral_release',
  'loan_collateral_seizure',
  'loan_funding',
  'loan_repayment',
  'loan_fee',
  // the house
  'house_funding',
  'dust',
  // written by the ledger itself when a hold placed before ADR 0063 is voided: held -> available
  'hold_void',
] as const;
export type TransferCode = (typeof TRANSFER_CODES)[number];

export function isCustomerAccountKind(value: unknown): value is CustomerAccountKind {
  return (CUSTOMER_ACCOUNT_KINDS as readonly unknown[]).includes(value);
}

export function isSystemAccountKind(value: unknown): value is SystemAccountKind {
  return (SYSTEM_ACCOUNT_KINDS as readonly unknown[]).includes(value);
}

export function isTransferCode(value: unknown): value is TransferCode {
  return (TRANSFER_CODES as readonly unknown[]).includes(value);
}
