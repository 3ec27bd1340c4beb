// Runs a batch through ledger_apply() (sql/ledger_apply.sql) in one statement and turns its answer
// into results or a LedgerError. See the SQL for the order of checks and the locking.
//
// A caller that writes its own rows in the same statement as its transfers (one autocommit call for
// a whole order batch) passes `encodeLedgerOps(ops)` to ledger_apply_or_raise() in its SQL, and turns
// a refusal raised there back into the LedgerError with `refusalFromError`.
import { sql } from 'drizzle-orm';
import { encodeOps } from './encode.ts';
import { LedgerError, isLedgerErrorCode } from './errors.ts';
import { sqlState } from './transaction.ts';
import type { LedgerOp, LedgerTx, OpResult } from './types.ts';

interface AppliedResult {
  status: 'created' | 'replayed';
  transfer_id: string | null;
  amount: string;
}

type Applied = { ok: true; results: AppliedResult[] } | { ok: false; code: string; index: number; account_id?: string };

export async function applyOps(tx: LedgerTx, ops: readonly LedgerOp[]): Promise<OpResult[]> {
  if (Array.isArray(ops) && ops.length === 0) return [];
  const payload = encodeOps(ops);
  const { rows } = await tx.execute<{ result: Applied }>(sql`SELECT ledger_apply(${payload}::jsonb) AS result`);
  const applied = rows[0]?.result;
  if (!applied) throw new Error('ledger_apply returned no row');
  if (!applied.ok) throw refusal(applied, ops);
  return applied.results.map((result) => ({
    status: result.status,
    transferId: result.transfer_id,
    amount: BigInt(result.amount),
  }));
}

/** The JSON that ledger_apply() and ledger_apply_or_raise() take; checks every operation first. */
export function encodeLedgerOps(ops: readonly LedgerOp[]): string {
  return encodeOps(ops);
}

/** SQLSTATE of a refusal raised by ledger_apply_or_raise(); the refusal object is the DETAIL. */
const RAISED_REFUSAL = 'L0001';

/**
 * The LedgerError of a refusal that ledger_apply_or_raise() raised (so the whole statement, with the
 * caller's own rows, was undone), or null when `error` is something else.
 */
export function refusalFromError(error: unknown, ops: readonly LedgerOp[]): LedgerError | null {
  if (sqlState(error) !== RAISED_REFUSAL) return null;
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const detail = (current as { detail?: unknown }).detail;
    if (typeof detail === 'string') return refusal(JSON.parse(detail) as Extract<Applied, { ok: false }>, ops);
    current = (current as { cause?: unknown }).cause;
  }
  throw new Error('a ledger refusal was raised without its detail');
}

function refusal(applied: Extract<Applied, { ok: false }>, ops: readonly LedgerOp[]): LedgerError {
  if (!isLedgerErrorCode(applied.code)) throw new Error(`ledger_apply returned an unknown code ${applied.code}`);
  const op = ops[applied.index];
  const subject = op ? describe(op) : `operation ${applied.index}`;
  return new LedgerError(applied.code, `${subject} refused: ${applied.code}`, {
    index: applied.index,
    ...(applied.account_id !== undefined ? { accountId: BigInt(applied.account_id) } : {}),
  });
}

function describe(op: LedgerOp): string {
  return op.op === 'void' ? `void of hold ${op.holdId}` : `${op.op} ${op.id}`;
}
