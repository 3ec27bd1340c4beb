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
    // A hold moves between its owner's available and held accounts of its asset, both existing.
    sql: `SELECT h.id::text, h.asset FROM ledger_holds h
            LEFT JOIN ledger_accounts a ON a.id = h.account_id
            LEFT JOIN ledger_accounts held ON held.id = h.held_account_id
           WHERE a.id IS NULL OR held.id IS NULL OR a.asset <> h.asset OR held.asset <> h.asset
              OR a.kind <> 'available' OR held.kind <> 'held' OR a.owner_id IS DISTINCT FROM held.owner_id
           ORDER BY h.created_at, h.id LIMIT ${LIMIT}`,
    message: (r) => `hold ${r.id} does not move ${r.asset} between its owner's available and held accounts`,
  },
  {
    invariant: 'asset_balances_sum_to_zero',
    sql: `SELECT asset, sum(balance)::text AS total FROM ledger_accounts
           GROUP BY asset HAVING sum(balance) <> 0 ORDER BY asset LIMIT ${LIMIT}`,
    message: (r) => `${r.asset} balances sum to ${r.total}, not 0`,
  },
  {
    invariant: 'customer_balance_is_not_negative',
    sql: `SELECT id::text, coalesce(owner_id::text, '') AS owner_id, asset, kind, balance::text
            FROM ledger_accounts WHERE balance < 0 AND NOT (owner_id IS NULL AND allow_negative)
           ORDER BY id LIMIT ${LIMIT}`,
    message: (r) => `account ${r.id} (${r.kind} ${r.asset}) is negative: ${r.balance}`,
  },
  {
    invariant: 'held_equals_open_holds',
    sql: `SELECT coalesce(a.id, h.held_account_id)::text AS account_id, coalesce(a.balance, 0)::text AS balance,
                 coalesce(h.open, 0)::text AS open_holds
            FROM (SELECT id, balance FROM ledger_accounts WHERE kind = 'held') a
            FULL JOIN (SELECT held_account_id, sum(amount - posted_amount - voided_amount) AS open
                         FROM ledger_holds WHERE status = 'pending' GROUP BY held_account_id) h
              ON h.held_account_id = a.id
           WHERE a.id IS NULL OR a.balance <> coalesce(h.open, 0)
           ORDER BY 1 LIMIT ${LIMIT}`,
    message: (r) => `held account ${r.account_id} holds ${r.balance} but its open holds total ${r.open_holds}`,
  },
  {
    invariant: 'hold_matches_its_transfers',
    // The pending transfer carries the hold's amount; posts and the void carry what the hold records.
    sql: `WITH moved AS (
            SELECT h.id,
                   sum(t.amount) FILTER (WHERE t.id = h.id AND t.debit_account_id = h.account_id
                                          AND t.credit_account_id = h.held_account_id) AS placed,
                   sum(t.amount) FILTER (WHERE t.id <> h.id AND t.debit_account_id = h.held_account_id
                                          AND t.id IS DISTINCT FROM h.void_transfer_id) AS posted,
                   sum(t.amount) FILTER (WHERE t.id = h.void_transfer_id AND t.debit_account_id = h.held_account_id
                                          AND t.credit_account_id = h.account_id) AS voided,
                   count(*) FILTER (WHERE t.id <> h.id AND t.debit_account_id <> h.held_account_id) AS stray
              FROM ledger_holds h JOIN ledger_transfers t ON t.hold_id = h.id GROUP BY h.id)
          SELECT h.id::text, h.status, h.amount::text, h.posted_amount::text, h.voided_amount::text,
                 coalesce(m.placed, 0)::text AS placed, coalesce(m.posted, 0)::text AS posted,
                 coalesce(m.voided, 0)::text AS voided, coalesce(m.stray, 0)::text AS stray
            FROM ledger_holds h LEFT JOIN moved m ON m.id = h.id
           WHERE coalesce(m.placed, 0) <> h.amount OR coalesce(m.posted, 0) <> h.posted_amount
              OR coalesce(m.voided, 0) <> h.voided_amount OR coalesce(m.stray, 0) > 0
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
