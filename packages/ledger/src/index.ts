// @rora/ledger: double-entry accounts, idempotent transfers and holds (pending -> posted | voided)
// on PostgreSQL, and the invariant checker. The only writer of the ledger tables. See README.md.
export {
  CUSTOMER_ACCOUNT_KINDS,
  NEGATIVE_ACCOUNT_KINDS,
  SYSTEM_ACCOUNT_KINDS,
  TRANSFER_CODES,
  isCustomerAccountKind,
  isSystemAccountKind,
  isTransferCode,
  type AccountKind,
  type CustomerAccountKind,
  type SystemAccountKind,
  type TransferCode,
} from './codes.ts';
export { LEDGER_ERROR_CODES, LedgerError, isLedgerError, type LedgerErrorCode } from './errors.ts';
export { MAX_BATCH_OPS } from './encode.ts';
export { encodeLedgerOps, refusalFromError } from './apply.ts';
export { availableBalances } from './reads.ts';
export { createLedger, type Ledger } from './ledger.ts';
export {
  INVARIANT_NAMES,
  LedgerInvariantError,
  assertLedgerInvariants,
  checkLedgerInvariants,
  runLedgerCheck,
  type CheckHandle,
  type InvariantName,
  type LedgerSummary,
  type Violation,
} from './invariants.ts';
export { isRetryableTransactionError, sqlState, withTransaction, type TransactionOptions } from './transaction.ts';
export type {
  Account,
  AccountRef,
  Balances,
  Hold,
  HoldInput,
  HoldStatus,
  JsonValue,
  LedgerOp,
  LedgerTx,
  Metadata,
  OpResult,
  PostHoldInput,
  Transfer,
  TransferInput,
  VoidHoldInput,
} from './types.ts';
