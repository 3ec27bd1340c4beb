// Runs a batch through ledger_apply() (migration 0031) in one statement and turns its answer into
// results or a LedgerError. See the SQL for the order of checks and the locking.
import { sql } from 'drizzle-orm';
import { encodeOps } from './encode.ts';
import { LedgerError, isLedgerErrorCode } from './errors.ts';
import type { LedgerOp, LedgerTx, OpResult } from './types.ts';

interface AppliedResult {
  status: 'created' | 'replayed';
  transfer_id: string;
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
