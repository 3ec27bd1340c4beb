// A small in-memory reference model of the ledger, for the property test: the same operations, the
// same rules in the same order, in plain maps. If PostgreSQL and this model ever disagree on an
// outcome or a balance, one of them is wrong.
import { NEGATIVE_ACCOUNT_KINDS } from '../codes.ts';
import type { LedgerErrorCode } from '../errors.ts';
import type { AccountRef, LedgerOp } from '../types.ts';

export type Outcome =
  | { ok: true; results: Array<{ status: 'created' | 'replayed'; amount: bigint }> }
  | { ok: false; code: LedgerErrorCode; index: number };

interface ModelTransfer {
  debit: string;
  credit: string;
  amount: bigint;
  code: string;
  holdId: string | null;
  metadata: string;
}

export interface ModelHold {
  owner: string;
  asset: string;
  amount: bigint;
  posted: bigint;
  voided: bigint;
  status: 'pending' | 'posted' | 'voided';
}

interface State {
  balances: Map<string, bigint>;
  holds: Map<string, ModelHold>;
}

/** The key of an account: owner (or `house`), asset and kind. */
export function accountKey(owner: string | null, asset: string, kind: string): string {
  return `${owner ?? 'house'}|${asset}|${kind}`;
}

function refKey(ref: AccountRef, asset: string): string {
  return 'owner' in ref ? accountKey(ref.owner, asset, ref.kind) : accountKey(null, asset, ref.system);
}

function mayGoNegative(key: string): boolean {
  return (NEGATIVE_ACCOUNT_KINDS as readonly string[]).includes(key.split('|')[2] ?? '');
}

type Resolved = { debit: string; credit: string; holdId: string | null };
type Refusal = { code: LedgerErrorCode };
type Applied = { status: 'created' | 'replayed'; amount: bigint };

export class LedgerModel {
  readonly balances = new Map<string, bigint>();
  readonly holds = new Map<string, ModelHold>();
  private readonly transfers = new Map<string, ModelTransfer>();

  apply(ops: readonly LedgerOp[]): Outcome {
    const resolved: Resolved[] = [];
    for (const index of ops.keys()) {
      const r = this.resolve(ops, index);
      if ('code' in r) return { ok: false, code: r.code, index };
      resolved.push(r);
    }
    const state: State = { balances: new Map(this.balances), holds: new Map() };
    for (const [id, hold] of this.holds) state.holds.set(id, { ...hold });
    const written = new Map<string, ModelTransfer>();
    const results: Array<{ status: 'created' | 'replayed'; amount: bigint }> = [];
    for (const [index, op] of ops.entries()) {
      const step = this.run(op, resolved[index]!, state, written);
      if ('code' in step) return { ok: false, code: step.code, index };
      results.push(step);
    }
    this.commit(state, written);
    return { ok: true, results };
  }

  private commit(state: State, written: Map<string, ModelTransfer>): void {
    for (const [key, value] of state.balances) this.balances.set(key, value);
    for (const [id, hold] of state.holds) this.holds.set(id, hold);
    for (const [id, transfer] of written) this.transfers.set(id, transfer);
  }

  private resolve(ops: readonly LedgerOp[], index: number): Resolved | Refusal {
    const op = ops[index]!;
    if (op.op === 'transfer') {
      if (('kind' in op.debit && op.debit.kind === 'held') || ('kind' in op.credit && op.credit.kind === 'held')) {
        return { code: 'held_account_moves_only_through_holds' };
      }
      return differ({ debit: refKey(op.debit, op.asset), credit: refKey(op.credit, op.asset), holdId: null });
    }
    if (op.op === 'hold') {
      const [debit, credit] = [accountKey(op.owner, op.asset, 'available'), accountKey(op.owner, op.asset, 'held')];
      return differ({ debit, credit, holdId: op.id });
    }
    const hold = this.holds.get(op.holdId) ?? earlierHold(ops, index, op.holdId);
    if (!hold) return { code: 'hold_not_found' };
    const held = accountKey(hold.owner, hold.asset, 'held');
    if (op.op === 'void')
      return differ({ debit: held, credit: accountKey(hold.owner, hold.asset, 'available'), holdId: op.holdId });
    if ('kind' in op.credit && op.credit.kind === 'held') return { code: 'held_account_moves_only_through_holds' };
    // A hold reserves in its available account (ADR 0063): a post back into it would move nothing.
    const credit = refKey(op.credit, hold.asset);
    if (credit === accountKey(hold.owner, hold.asset, 'available')) return { code: 'accounts_must_differ' };
    return differ({ debit: held, credit, holdId: op.holdId });
  }

  private run(op: LedgerOp, r: Resolved, state: State, written: Map<string, ModelTransfer>): Applied | Refusal {
    const hold = r.holdId === null ? undefined : state.holds.get(r.holdId);
    let amount: bigint;
    let id: string;
    if (op.op === 'void') {
      if (hold!.status === 'voided') return { status: 'replayed', amount: hold!.voided };
      if (hold!.status === 'posted') return { code: 'hold_already_settled' };
      amount = hold!.amount - hold!.posted - hold!.voided;
      id = `void:${r.holdId}`;
    } else {
      amount = op.amount;
      id = op.id;
      const content: ModelTransfer = { ...r, amount, code: op.code, metadata: JSON.stringify(op.metadata ?? {}) };
      const prior = this.transfers.get(id);
      if (prior) {
        const same = JSON.stringify(prior, bigintText) === JSON.stringify(content, bigintText);
        return same ? { status: 'replayed', amount } : { code: 'transfer_id_reused_with_different_content' };
      }
      if (written.has(id)) return { code: 'transfer_id_must_be_unique_in_batch' };
      if (op.op === 'post' && hold!.status !== 'pending') return { code: 'hold_already_settled' };
      if (op.op === 'post' && amount > hold!.amount - hold!.posted - hold!.voided) {
        return { code: 'post_amount_must_not_exceed_hold' };
      }
      written.set(id, content);
    }
    const debitBalance = state.balances.get(r.debit) ?? 0n;
    if (!mayGoNegative(r.debit) && debitBalance < amount) {
      return {
        code: op.op === 'hold' ? 'available_balance_must_cover_hold' : 'insufficient_balance',
      };
    }
    state.balances.set(r.debit, debitBalance - amount);
    state.balances.set(r.credit, (state.balances.get(r.credit) ?? 0n) + amount);
    if (op.op === 'hold') {
      state.holds.set(op.id, { owner: op.owner, asset: op.asset, amount, posted: 0n, voided: 0n, status: 'pending' });
    } else if (op.op === 'post') {
      hold!.posted += amount;
      if (hold!.posted + hold!.voided === hold!.amount) hold!.status = 'posted';
    } else if (op.op === 'void') {
      hold!.voided += amount;
      hold!.status = 'voided';
    }
    return { status: 'created', amount };
  }
}

function differ(r: Resolved): Resolved | Refusal {
  return r.debit === r.credit ? { code: 'accounts_must_differ' } : r;
}

/** A hold placed by an earlier operation of the same batch (not yet committed). */
function earlierHold(ops: readonly LedgerOp[], index: number, holdId: string): ModelHold | undefined {
  const placing = ops.slice(0, index).find((o) => o.op === 'hold' && o.id === holdId);
  if (!placing || placing.op !== 'hold') return undefined;
  return {
    owner: placing.owner,
    asset: placing.asset,
    amount: placing.amount,
    posted: 0n,
    voided: 0n,
    status: 'pending',
  };
}

function bigintText(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
