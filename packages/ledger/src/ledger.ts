// The ledger's API: accounts, transfers and holds, each applied through one SQL statement on the
// caller's handle. Every write is idempotent by its id; every refusal is a LedgerError that wrote
// nothing. Services receive a Ledger from their factory instead of importing functions, so a test
// can wrap it (count calls, inject a failure) without touching the database.
import { applyOps } from './apply.ts';
import { findAccount, getBalances, getHold, getTransfer, openAccount } from './reads.ts';
import type {
  Account,
  AccountRef,
  Balances,
  Hold,
  HoldInput,
  LedgerOp,
  LedgerTx,
  OpResult,
  PostHoldInput,
  Transfer,
  TransferInput,
  VoidHoldInput,
} from './types.ts';

export interface Ledger {
  /** Moves `amount` from `debit` to `credit`. */
  transfer(tx: LedgerTx, input: TransferInput): Promise<OpResult>;
  /** Several transfers, all or none (a trade's legs); accounts locked once, in id order. */
  transferMany(tx: LedgerTx, inputs: readonly TransferInput[]): Promise<OpResult[]>;
  /** Places a hold: reserves part of available (ADR 0063), pending until posted or voided. */
  hold(tx: LedgerTx, input: HoldInput): Promise<OpResult>;
  /** Posts part or all of a hold's remainder to `credit`; the hold closes as `posted` at zero. */
  postHold(tx: LedgerTx, input: PostHoldInput): Promise<OpResult>;
  /** Releases a hold's remainder to available and closes it as `voided`; again: a replay. */
  voidHold(tx: LedgerTx, input: VoidHoldInput): Promise<OpResult>;
  /** Any mix of transfers, holds, posts and voids, all or none, in order. */
  apply(tx: LedgerTx, ops: readonly LedgerOp[]): Promise<OpResult[]>;
  findAccount(tx: LedgerTx, asset: string, ref: AccountRef): Promise<Account | null>;
  openAccount(tx: LedgerTx, asset: string, ref: AccountRef): Promise<bigint>;
  getBalances(tx: LedgerTx, owner: string): Promise<Balances[]>;
  getHold(tx: LedgerTx, id: string): Promise<Hold | null>;
  getTransfer(tx: LedgerTx, id: string): Promise<Transfer | null>;
}

async function one(tx: LedgerTx, op: LedgerOp): Promise<OpResult> {
  const [result] = await applyOps(tx, [op]);
  if (!result) throw new Error('ledger_apply returned no result for one operation');
  return result;
}

export function createLedger(): Ledger {
  return {
    transfer: (tx, input) => one(tx, { op: 'transfer', ...input }),
    transferMany: (tx, inputs) =>
      applyOps(
        tx,
        inputs.map((input) => ({ op: 'transfer' as const, ...input })),
      ),
    hold: (tx, input) => one(tx, { op: 'hold', ...input }),
    postHold: (tx, input) => one(tx, { op: 'post', ...input }),
    voidHold: (tx, input) => one(tx, { op: 'void', ...input }),
    apply: applyOps,
    findAccount,
    openAccount,
    getBalances,
    getHold,
    getTransfer,
  };
}
