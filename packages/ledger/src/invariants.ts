// The ledger's invariant checker (TESTING.md "Invariants"), run by every money test after it acts
// and by operators (`npm run ledger:check`). All queries run in one REPEATABLE READ, read-only
// transaction, so they judge a single snapshot even while money moves.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '@rora/db';

/** In the order they are checked. */
export const INVARIANT_NAMES = [
  'transfer_is_well_formed',
  'asset_balances_sum_to_zero',
  'customer_balance_is_not_negative',
  'held_equals_open_holds',
  'hold_matches_its_transfers',
  'balance_equals_replay',
] as const;

export type InvariantName = (typeof INVARIANT_NAMES)[number];

export interface Violation {
  invariant: InvariantName;
  message: string;
  /** The offending row, every value as text. */
  details: Record<string, string>;
}

export interface LedgerSummary {
  accounts: number;
  transfers: number;
  pendingHolds: number;
  assets: string[];
}

export type CheckHandle = Db | pg.Pool;

/** At most this many rows per invariant: enough to diagnose, bounded for a broken database. */
const LIMIT = 20;

interface Check {
  invariant: InvariantName;
  sql: string;
  message(row: Record<string, string>): string;
}

const CHECKS: Check[] = [
  {
    invariant: 'transfer_is_well_formed',
    // Two existing, distinct accounts of its asset, a positive amount, and the hold it names exists;
    // held accounts move only by holds. (No foreign keys check these row by row: ADR 0016, 0017.)
    sql: `SELECT t.id::text, t.asset, d.asset AS debit_asset, c.asset AS credit_asset, t.amount::text,
                 d.kind AS debit_kind, c.kind AS credit_kind, coalesce(t.hold_id::text, '') AS hold_id
            FROM ledger_transfers t
            LEFT JOIN ledger_accounts d ON d.id = t.debit_account_id
            LEFT JOIN ledger_accounts c ON c.id = t.credit_account_id
            LEFT JOIN ledger_holds h ON h.id = t.hold_id
           WHERE d.id IS NULL OR c.id IS NULL OR (t.hold_id IS NOT NULL AND h.id IS NULL)
              OR NOT (t.amount > 0 AND d.asset = t.asset AND c.asset = t.asset AND d.id <> c.id)
              OR ((d.kind = 'held' OR c.kind = 'held') AND t.hold_id IS NULL)
           ORDER BY t.seq LIMIT ${LIMIT}`,
    message: (r) => `transfer ${r.id} is not a well-formed ${r.asset} movement`,
  },
  {
    invariant: 'transfer_is_well_formed',
    // A hold reserves in its owner's available account of its asset; one placed before ADR 0063 also
    // names that owner's held account of the asset, which its amount went through.
    sql: `SELECT h.id::text, h.asset FROM ledger_holds h
            LEFT JOIN ledger_accounts a ON a.id = h.account_id
            LEFT JOIN ledger_accounts held ON held.id = h.held_account_id
           WHERE a.id IS NULL OR a.asset <> h.asset OR a.kind <> 'available'
              OR (h.held_account_id IS NOT NULL AND (held.id IS NULL OR held.asset <> h.asset OR held.kind <> 'held'
                                                     OR a.owner_id IS DISTINCT FROM held.owner_id))
           ORDER BY h.created_at, h.id LIMIT ${LIMIT}`,
    message: (r) => `hold ${r.id} does not reserve ${r.asset} in its owner's available account`,
  },
  {
    invariant: 'asset_balances_sum_to_zero',
    sql: `SELECT asset, sum(balance)::text AS total FROM ledger_accounts
           GROUP BY asset HAVING sum(balance) <> 0 ORDER BY asset LIMIT ${LIMIT}`,
    message: (r) => `${r.asset} balances sum to ${r.total}, not 0`,
  },
  {
    invariant: 'customer_balance_is_not_negative',
    // Nor is what a customer can spend: holds reserve no more than the balance.
    sql: `SELECT id::text, coalesce(owner_id::text, '') AS owner_id, asset, kind, balance::text, held::text
            FROM ledger_accounts WHERE (balance < 0 AND NOT (owner_id IS NULL AND allow_negative))
                                    OR held < 0 OR (held > 0 AND balance < held)
           ORDER BY id LIMIT ${LIMIT}`,
    message: (r) => `account ${r.id} (${r.kind} ${r.asset}) is negative: ${r.balance}, of which ${r.held} held`,
  },
  {
    invariant: 'held_equals_open_holds',
    // What an account reserves is what its open holds have not posted or voided (ADR 0063); a held
    // account holds what its open holds of before (placed by the ledger before ADR 0063) still hold.
    sql: `SELECT a.id::text AS account_id, a.kind,
                 (CASE WHEN a.kind = 'held' THEN a.balance ELSE a.held END)::text AS holds,
                 coalesce(h.open, 0)::text AS open_holds
            FROM ledger_accounts a
            LEFT JOIN (SELECT coalesce(held_account_id, account_id) AS id, sum(amount - posted_amount - voided_amount) AS open
                         FROM ledger_holds WHERE status = 'pending' GROUP BY 1) h ON h.id = a.id
           WHERE (CASE WHEN a.kind = 'held' THEN a.balance ELSE a.held END) <> coalesce(h.open, 0)
              OR (a.kind = 'held' AND a.held <> 0)
           ORDER BY a.id LIMIT ${LIMIT}`,
    message: (r) => `account ${r.account_id} (${r.kind}) holds ${r.holds} but its open holds total ${r.open_holds}`,
  },
  {
    invariant: 'hold_matches_its_transfers',
    // Posts move money out of where the hold keeps it (its account; for a hold of before, its held
    // account) and sum to what the hold records as posted. A hold of before also has its placing
    // transfer (its own id, its amount, into the held account) and, once voided, its void transfer
    // (back, what it records as voided); a reservation has neither. Any other transfer naming a
    // hold is a stray.
    sql: `WITH hs AS (
            -- No NULLs in the comparisons below: a reservation is kept in its own account.
            SELECT h.id, h.account_id, h.held_account_id IS NOT NULL AS before,
                   coalesce(h.held_account_id, h.account_id) AS via, coalesce(h.void_transfer_id, h.id) AS void_id
              FROM ledger_holds h
          ), kinds AS (
            SELECT h.id, t.amount,
                   CASE WHEN h.before AND t.id = h.id AND t.debit_account_id = h.account_id
                             AND t.credit_account_id = h.via THEN 'placed'
                        WHEN h.before AND t.id = h.void_id AND t.id <> h.id AND t.debit_account_id = h.via
                             AND t.credit_account_id = h.account_id THEN 'voided'
                        WHEN t.id <> h.id AND t.id <> h.void_id AND t.debit_account_id = h.via THEN 'posted'
                        ELSE 'stray' END AS kind
              FROM hs h JOIN ledger_transfers t ON t.hold_id = h.id
          ), moved AS (
            SELECT id, sum(amount) FILTER (WHERE kind = 'placed') AS placed,
                   sum(amount) FILTER (WHERE kind = 'posted') AS posted,
                   sum(amount) FILTER (WHERE kind = 'voided') AS voided, count(*) FILTER (WHERE kind = 'stray') AS stray
              FROM kinds GROUP BY id)
          SELECT h.id::text, h.status, h.amount::text, h.posted_amount::text, h.voided_amount::text,
                 coalesce(m.placed, 0)::text AS placed, coalesce(m.posted, 0)::text AS posted,
                 coalesce(m.voided, 0)::text AS voided, coalesce(m.stray, 0)::text AS stray
            FROM ledger_holds h LEFT JOIN moved m ON m.id = h.id
           WHERE coalesce(m.posted, 0) <> h.posted_amount OR coalesce(m.stray, 0) > 0
              OR (h.held_account_id IS NOT NULL
                  AND (coalesce(m.placed, 0) <> h.amount OR coalesce(m.voided, 0) <> CASE WHEN h.void_transfer_id IS NULL THEN 0 ELSE h.voided_amount END))
              OR (h.held_account_id IS NULL AND h.void_transfer_id IS NOT NULL)
           ORDER BY h.created_at, h.id LIMIT ${LIMIT}`,
    message: (r) =>
      `hold ${r.id} records ${r.amount}/${r.posted_amount}/${r.voided_amount} (amount/posted/voided) but its transfers say ${r.placed}/${r.posted}/${r.voided}`,
  },
  {
    invariant: 'balance_equals_replay',
    sql: `SELECT a.id::text, a.asset, a.kind, a.balance::text,
                 (coalesce(c.total, 0) - coalesce(d.total, 0))::text AS replayed
            FROM ledger_accounts a
            LEFT JOIN (SELECT credit_account_id AS id, sum(amount) AS total FROM ledger_transfers GROUP BY 1) c ON c.id = a.id
            LEFT JOIN (SELECT debit_account_id AS id, sum(amount) AS total FROM ledger_transfers GROUP BY 1) d ON d.id = a.id
           WHERE a.balance <> coalesce(c.total, 0) - coalesce(d.total, 0)
           ORDER BY a.id LIMIT ${LIMIT}`,
    message: (r) =>
      `account ${r.id} (${r.kind} ${r.asset}) stores ${r.balance} but its transfers replay to ${r.replayed}`,
  },
];

const SUMMARY_SQL = `SELECT (SELECT count(*) FROM ledger_accounts)::text AS accounts,
                            (SELECT count(*) FROM ledger_transfers)::text AS transfers,
                            (SELECT count(*) FROM ledger_holds WHERE status = 'pending')::text AS pending_holds,
                            coalesce((SELECT string_agg(DISTINCT asset, ',' ORDER BY asset) FROM ledger_accounts), '') AS assets`;

type Query = (text: string) => Promise<Record<string, string>[]>;

async function inSnapshot<T>(handle: CheckHandle, work: (query: Query) => Promise<T>): Promise<T> {
  if ('connect' in handle) {
    const client = await handle.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const result = await work(async (text) => (await client.query<Record<string, string>>(text)).rows);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  return handle.transaction(
    (tx) => work(async (text) => (await tx.execute<Record<string, string>>(sql.raw(text))).rows),
    {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    },
  );
}

/** Checks every invariant and summarises the ledger, from one snapshot. */
export async function runLedgerCheck(
  handle: CheckHandle,
): Promise<{ violations: Violation[]; summary: LedgerSummary }> {
  return inSnapshot(handle, async (query) => {
    const violations: Violation[] = [];
    for (const check of CHECKS) {
      for (const row of await query(check.sql)) {
        violations.push({ invariant: check.invariant, message: check.message(row), details: row });
      }
    }
    const [row] = await query(SUMMARY_SQL);
    const summary: LedgerSummary = {
      accounts: Number(row?.accounts ?? 0),
      transfers: Number(row?.transfers ?? 0),
      pendingHolds: Number(row?.pending_holds ?? 0),
      assets: row?.assets ? row.assets.split(',') : [],
    };
    return { violations, summary };
  });
}

/** Every broken invariant (at most 20 rows each); empty when the ledger is sound. */
export async function checkLedgerInvariants(handle: CheckHandle): Promise<Violation[]> {
  return (await runLedgerCheck(handle)).violations;
}

export class LedgerInvariantError extends Error {
  override readonly name = 'LedgerInvariantError';
  constructor(readonly violations: Violation[]) {
    super(`ledger invariants broken:\n${violations.map((v) => `  [${v.invariant}] ${v.message}`).join('\n')}`);
  }
}

/** Throws LedgerInvariantError listing every violation; for tests after each money operation. */
export async function assertLedgerInvariants(handle: CheckHandle): Promise<void> {
  const violations = await checkLedgerInvariants(handle);
  if (violations.length > 0) throw new LedgerInvariantError(violations);
}
