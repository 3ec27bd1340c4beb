// Reads of balances, holds and transfers. They take the same handle as the writes, so a service
// reads what its own transaction wrote. numeric comes back as a decimal string: BigInt, never Number.
import { sql } from 'drizzle-orm';
import type { Db } from '@rora/db';
import { checkAsset, checkUuid } from './encode.ts';
import type { AccountRef, Account, Balances, Hold, HoldStatus, LedgerTx, Metadata, Transfer } from './types.ts';

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

export function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'string' || typeof value === 'number') return BigInt(value);
  throw new TypeError(`expected an integer, got ${typeof value}`);
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function refParts(ref: AccountRef): { owner: string | null; kind: string } {
  return 'owner' in ref ? { owner: checkUuid(ref.owner, 'owner'), kind: ref.kind } : { owner: null, kind: ref.system };
}

/** The account of `ref` in `asset`, or null when nothing has moved through it yet. */
export async function findAccount(tx: LedgerTx, asset: string, ref: AccountRef): Promise<Account | null> {
  const { owner, kind } = refParts(ref);
  const { rows } = await tx.execute<{ id: unknown; owner_id: string | null; balance: string; held: string }>(sql`
    SELECT id, owner_id, balance, held FROM ledger_accounts
     WHERE coalesce(owner_id, ${ZERO_UUID}::uuid) = coalesce(${owner}::uuid, ${ZERO_UUID}::uuid)
       AND asset = ${checkAsset(asset, 'findAccount')} AND kind = ${kind}`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: toBigInt(row.id),
    owner: row.owner_id,
    asset,
    kind,
    balance: toBigInt(row.balance),
    held: toBigInt(row.held),
  };
}

/** The account of `ref` in `asset`, created (empty) if it does not exist yet. */
export async function openAccount(tx: LedgerTx, asset: string, ref: AccountRef): Promise<bigint> {
  const { owner, kind } = refParts(ref);
  const { rows } = await tx.execute<{ id: unknown }>(
    sql`SELECT ledger_account_id(${owner}::uuid, ${checkAsset(asset, 'openAccount')}, ${kind}) AS id`,
  );
  return toBigInt(rows[0]?.id);
}

/** A customer's balances per asset, in asset order; assets they never touched are absent. */
export async function getBalances(tx: LedgerTx, owner: string): Promise<Balances[]> {
  const { rows } = await tx.execute<{ asset: string; kind: string; balance: string; held: string }>(sql`
    SELECT asset, kind, balance, held FROM ledger_accounts WHERE owner_id = ${checkUuid(owner, 'owner')}::uuid
     ORDER BY asset, kind`);
  const byAsset = new Map<string, Balances>();
  for (const row of rows) {
    const entry = byAsset.get(row.asset) ?? {
      asset: row.asset,
      available: 0n,
      held: 0n,
      staked: 0n,
      cold: 0n,
      loanEscrow: 0n,
      total: 0n,
    };
    // What holds reserve stays in the available account's balance (ADR 0063); a held account holds
    // what holds placed before that still hold.
    const amount = toBigInt(row.balance);
    const reserved = toBigInt(row.held);
    const field = row.kind === 'loan_escrow' ? 'loanEscrow' : (row.kind as 'available' | 'held' | 'staked' | 'cold');
    entry[field] += amount - reserved;
    entry.held += reserved;
    entry.total += amount;
    byAsset.set(row.asset, entry);
  }
  return [...byAsset.values()];
}

export async function getHold(tx: LedgerTx, id: string): Promise<Hold | null> {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    SELECT h.id, a.owner_id, h.asset, h.code, h.amount, h.posted_amount, h.voided_amount, h.status,
           h.created_at, h.settled_at
      FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
     WHERE h.id = ${checkUuid(id, 'hold id')}::uuid`);
  const row = rows[0];
  if (!row) return null;
  const amount = toBigInt(row.amount);
  const postedAmount = toBigInt(row.posted_amount);
  const voidedAmount = toBigInt(row.voided_amount);
  return {
    id: String(row.id),
    owner: String(row.owner_id),
    asset: String(row.asset),
    code: String(row.code),
    amount,
    postedAmount,
    voidedAmount,
    remaining: amount - postedAmount - voidedAmount,
    status: row.status as HoldStatus,
    createdAt: toDate(row.created_at),
    settledAt: row.settled_at === null ? null : toDate(row.settled_at),
  };
}

export async function getTransfer(tx: LedgerTx, id: string): Promise<Transfer | null> {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    SELECT seq, id, debit_account_id, credit_account_id, asset, amount, code, hold_id, metadata, created_at
      FROM ledger_transfers WHERE id = ${checkUuid(id, 'transfer id')}::uuid`);
  const row = rows[0];
  if (!row) return null;
  return {
    seq: toBigInt(row.seq),
    id: String(row.id),
    debitAccountId: toBigInt(row.debit_account_id),
    creditAccountId: toBigInt(row.credit_account_id),
    asset: String(row.asset),
    amount: toBigInt(row.amount),
    code: String(row.code),
    holdId: row.hold_id === null ? null : String(row.hold_id),
    metadata: row.metadata as Metadata,
    createdAt: toDate(row.created_at),
  };
}

/**
 * Available balances of (owner, asset) pairs by `owner|asset`, read without locks (the ledger checks
 * again under lock when it applies). A pair with no account is absent: zero. One prepared statement
 * on the pool, for the order runners that call it before every batch.
 */
export async function availableBalances(
  db: Db,
  keys: ReadonlyArray<{ owner: string; asset: string }>,
): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  if (keys.length === 0) return balances;
  const { rows } = await db.$client.query<{ owner_id: string; asset: string; balance: string }>({
    name: 'ledger_available_balances',
    text: 'SELECT owner_id, asset, balance FROM ledger_available_balances($1::uuid[], $2::text[])',
    values: [keys.map((key) => key.owner), keys.map((key) => key.asset)],
  });
  for (const row of rows) balances.set(`${row.owner_id}|${row.asset}`, BigInt(row.balance));
  return balances;
}
