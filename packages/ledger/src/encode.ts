// Checks the shape of each operation (a malformed input is a programmer error, refused before any
// SQL) and encodes it as the JSON that ledger_apply() reads. Business rules (balances, holds,
// idempotency) are decided in the database, under the account locks.
import { isAssetSymbol } from '@rora/money';
import { isCustomerAccountKind, isSystemAccountKind, isTransferCode } from './codes.ts';
import { LedgerError } from './errors.ts';
import type { AccountRef, LedgerOp, Metadata } from './types.ts';

/** A batch applies in one statement; past this, split it. */
export const MAX_BATCH_OPS = 10_000;
/** numeric(78,0) holds values below 10^78. */
const MAX_AMOUNT = 10n ** 78n - 1n;
const MAX_METADATA_CHARS = 8_192;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Encoded = Record<string, string | null | Metadata>;

export function encodeOps(ops: readonly LedgerOp[]): string {
  if (!Array.isArray(ops) || ops.length > MAX_BATCH_OPS) {
    throw invalid(`a batch holds at most ${MAX_BATCH_OPS} operations`);
  }
  return JSON.stringify(ops.map((op, index) => encodeOp(op, index)));
}

function encodeOp(op: LedgerOp, index: number): Encoded {
  const at = `operation ${index}`;
  const metadata = checkMetadata(op.metadata, at);
  switch (op.op) {
    case 'transfer':
      return {
        op: 'transfer',
        id: checkUuid(op.id, `${at}: id`),
        asset: checkAsset(op.asset, at),
        ...encodeRef('debit', op.debit, at),
        ...encodeRef('credit', op.credit, at),
        amount: checkAmount(op.amount, at, index),
        code: checkCode(op.code, at),
        metadata,
      };
    case 'hold':
      return {
        op: 'hold',
        id: checkUuid(op.id, `${at}: id`),
        owner: checkUuid(op.owner, `${at}: owner`),
        asset: checkAsset(op.asset, at),
        amount: checkAmount(op.amount, at, index),
        code: checkCode(op.code, at),
        metadata,
      };
    case 'post':
      return {
        op: 'post',
        id: checkUuid(op.id, `${at}: id`),
        hold_id: checkUuid(op.holdId, `${at}: holdId`),
        ...encodeRef('credit', op.credit, at),
        amount: checkAmount(op.amount, at, index),
        code: checkCode(op.code, at),
        metadata,
      };
    case 'void':
      return { op: 'void', hold_id: checkUuid(op.holdId, `${at}: holdId`), metadata };
    default:
      throw invalid(`${at}: unknown op ${JSON.stringify((op as { op?: unknown }).op)}`);
  }
}

function encodeRef(side: 'debit' | 'credit', ref: AccountRef, at: string): Encoded {
  if (ref && 'owner' in ref && isCustomerAccountKind(ref.kind)) {
    return { [`${side}_owner`]: checkUuid(ref.owner, `${at}: ${side}.owner`), [`${side}_kind`]: ref.kind };
  }
  if (ref && 'system' in ref && isSystemAccountKind(ref.system)) {
    return { [`${side}_owner`]: null, [`${side}_kind`]: ref.system };
  }
  throw invalid(`${at}: ${side} must be { owner, kind } with a customer kind or { system } with a system kind`);
}

export function checkUuid(value: unknown, what: string): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw invalid(`${what} must be a UUID`);
  return value.toLowerCase();
}

export function checkAsset(value: unknown, at: string): string {
  if (!isAssetSymbol(value)) throw invalid(`${at}: asset must be a canonical asset symbol of @rora/money`);
  return value;
}

function checkAmount(value: unknown, at: string, index: number): string {
  if (typeof value !== 'bigint') throw invalid(`${at}: amount must be a bigint of minor units`);
  if (value <= 0n) throw new LedgerError('amount_must_be_positive', `${at}: amount must be positive`, { index });
  if (value > MAX_AMOUNT) throw invalid(`${at}: amount exceeds numeric(78,0)`);
  return value.toString();
}

function checkCode(value: unknown, at: string): string {
  // hold_void is the ledger's own code for the transfer a void of a hold of before writes.
  if (!isTransferCode(value) || value === 'hold_void') throw invalid(`${at}: code must be a transfer code`);
  return value;
}

function checkMetadata(value: unknown, at: string): Metadata {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`${at}: metadata must be a JSON object`);
  }
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    throw invalid(`${at}: metadata must be JSON (no bigint, no cycles)`);
  }
  if (text.length > MAX_METADATA_CHARS) throw invalid(`${at}: metadata exceeds ${MAX_METADATA_CHARS} characters`);
  // Round-trip so what is compared on replay is exactly what PostgreSQL stores.
  return JSON.parse(text) as Metadata;
}

function invalid(message: string): LedgerError {
  return new LedgerError('ledger_input_is_invalid', message);
}
