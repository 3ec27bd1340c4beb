// The ledger's public shapes. Amounts are bigint minor units of the operation's asset; ids are
// UUIDs chosen by the caller before the first try, so a retry carries the same id (idempotency).
import type { Db, Tx } from '@rora/db';
import type { AssetSymbol } from '@rora/money';
import type { CustomerAccountKind, SystemAccountKind, TransferCode } from './codes.ts';

/**
 * Where the ledger runs its statements: the caller's Drizzle transaction (`db.transaction(tx => ...)`),
 * so an order and its transfers commit together, or the Drizzle handle itself, in which case each
 * call is its own transaction (every call is one atomic SQL statement).
 */
export type LedgerTx = Db | Tx;

/** An account named by its owner and kind; the asset comes from the operation. */
export type AccountRef = { owner: string; kind: CustomerAccountKind } | { system: SystemAccountKind };

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** Free-form context stored with a transfer (order id, tx hash, ...); part of its idempotent content. */
export type Metadata = { [key: string]: JsonValue };

export interface TransferInput {
  id: string;
  asset: AssetSymbol;
  debit: AccountRef;
  credit: AccountRef;
  amount: bigint;
  code: TransferCode;
  metadata?: Metadata;
}

/**
 * Reserves `amount` of the owner's available balance (ADR 0063): it stays theirs and stops being
 * spendable until posted or voided. A hold writes no transfer.
 */
export interface HoldInput {
  /** The hold's id; no transfer may use it. */
  id: string;
  owner: string;
  asset: AssetSymbol;
  amount: bigint;
  code: TransferCode;
  metadata?: Metadata;
}

/** Moves part or all of what a hold still reserves to `credit` (a transfer); the rest stays held. */
export interface PostHoldInput {
  /** The id of the posting transfer. */
  id: string;
  holdId: string;
  credit: AccountRef;
  amount: bigint;
  code: TransferCode;
  metadata?: Metadata;
}

/**
 * Releases whatever the hold still reserves, and closes it; nothing moves, so no transfer is written
 * (a hold placed before ADR 0063 gets its remainder back from its held account by a transfer).
 */
export interface VoidHoldInput {
  holdId: string;
  /** Kept on the hold (`void_metadata`): a void of a reservation writes no transfer to carry it. */
  metadata?: Metadata;
}

export type LedgerOp =
  | ({ op: 'transfer' } & TransferInput)
  | ({ op: 'hold' } & HoldInput)
  | ({ op: 'post' } & PostHoldInput)
  | ({ op: 'void' } & VoidHoldInput);

export interface OpResult {
  /** `replayed`: the same id with the same content was applied before; nothing changed now. */
  status: 'created' | 'replayed';
  /** The transfer written (a transfer's or a post's id); a hold's own id; null for a void of a reservation. */
  transferId: string | null;
  /** The amount moved or reserved; for a void, what it released. */
  amount: bigint;
}

export type HoldStatus = 'pending' | 'posted' | 'voided';

export interface Hold {
  id: string;
  owner: string;
  asset: string;
  code: string;
  amount: bigint;
  postedAmount: bigint;
  voidedAmount: bigint;
  /** What is still held: amount - posted - voided. */
  remaining: bigint;
  status: HoldStatus;
  createdAt: Date;
  settledAt: Date | null;
}

export interface Transfer {
  seq: bigint;
  id: string;
  debitAccountId: bigint;
  creditAccountId: bigint;
  asset: string;
  amount: bigint;
  code: string;
  holdId: string | null;
  metadata: Metadata;
  createdAt: Date;
}

export interface Account {
  id: bigint;
  owner: string | null;
  asset: string;
  kind: string;
  /** What the owner has in it, reserved part included. */
  balance: bigint;
  /** What open holds reserve of `balance` (ADR 0063): balance - held is spendable. */
  held: bigint;
}

/** A customer's balances in one asset. */
export interface Balances {
  asset: string;
  available: bigint;
  held: bigint;
  staked: bigint;
  cold: bigint;
  loanEscrow: bigint;
  /** Everything the customer owns in this asset. */
  total: bigint;
}
