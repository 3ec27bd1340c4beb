// Test helpers for any package whose tests move money: a real customer row to own accounts, and
// funding through a real deposit transfer (the house's external_world account pays).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '@rora/db';
import type { AssetSymbol } from '@rora/money';
import { createLedger } from '../ledger.ts';
import type { Balances, OpResult } from '../types.ts';

/** Inserts a customer (a users row) and returns its id. */
export async function createTestCustomer(db: Db): Promise<string> {
  const email = `ledger-${randomUUID()}@example.test`;
  const { rows } = await db.execute<{ id: string }>(
    sql`INSERT INTO users (email, password_hash) VALUES (${email}, 'test-only') RETURNING id`,
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('users insert returned no id');
  return id;
}

/** Credits `amount` to the customer's available account as a deposit from the outside world. */
export async function fundCustomer(
  db: Db,
  options: { owner: string; asset: AssetSymbol; amount: bigint },
): Promise<OpResult> {
  return createLedger().transfer(db, {
    id: randomUUID(),
    asset: options.asset,
    debit: { system: 'external_world' },
    credit: { owner: options.owner, kind: 'available' },
    amount: options.amount,
    code: 'deposit',
  });
}

/**
 * A customer's balances in one asset as the product reads them (getBalances: what holds reserve is
 * held, not available; ADR 0063), all zero when they never held it.
 */
export async function balancesIn(db: Db, owner: string, asset: string): Promise<Balances> {
  const found = (await createLedger().getBalances(db, owner)).find((entry) => entry.asset === asset);
  return found ?? { asset, available: 0n, held: 0n, staked: 0n, cold: 0n, loanEscrow: 0n, total: 0n };
}

/**
 * Runs one statement that writes the ledger's tables past ledger_apply(), as someone editing the
 * database by hand would: the tables refuse such a write unless the setting ledger_apply() carries
 * is on (sql/ledger_rows_written_by_the_ledger.sql), which is what this turns on for the statement's transaction. For tests that
 * damage a ledger on purpose, to prove the checker or a constraint sees it.
 */
export async function writePastTheLedger(pool: pg.Pool, text: string, values: unknown[] = []): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL rora.ledger_writer = 'on'`);
    await client.query(text, values);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

export { openBenchBalances } from './bench-balances.ts';
