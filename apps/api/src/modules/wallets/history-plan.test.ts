// A wallet's history costs what the customer has done, not what the exchange has: it reads the
// customer's transfers through the ledger's account indexes. It used to read every transfer of every
// customer at each page (an OR of the two sides of a transfer, which no index serves).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger, type AccountRef, type LedgerOp, type TransferCode } from '@rora/ledger';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { createLedgerHistoryRepository } from './ledger-history.repository.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.destroy());

async function customer(name: string): Promise<string> {
  const { rows } = await database.pool.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, kyc_status) VALUES ($1, 'x', 'approved') RETURNING id`,
    [`${name}-${randomUUID()}@example.com`],
  );
  return rows[0]!.id;
}

const ledger = createLedger();

/** Applies the operations 200 at a time. */
async function apply(ops: LedgerOp[]): Promise<void> {
  for (let done = 0; done < ops.length; done += 200) await ledger.apply(database.db, ops.slice(done, done + 200));
}

/** A USDT transfer of the ledger's, with a fresh id. */
const usdt = (debit: AccountRef, credit: AccountRef, amount: bigint, code: TransferCode) =>
  ({ op: 'transfer', id: randomUUID(), asset: 'USDT', debit, credit, amount, code }) satisfies LedgerOp;

const deposit = (owner: string, amount: bigint) =>
  usdt({ system: 'external_world' }, { owner, kind: 'available' }, amount, 'deposit');

/** Customers who deposit and then pay each other, as the trades of a live exchange do. */
async function busyExchange(customers: number, payments: number): Promise<void> {
  const owners = await Promise.all(Array.from({ length: customers }, (_, i) => customer(`busy-${i}`)));
  await apply(owners.map((owner) => deposit(owner, 1_000_000n)));
  const payment = (i: number): LedgerOp => ({
    ...usdt(
      { owner: owners[i % customers]!, kind: 'available' },
      { owner: owners[(i * 7 + 1) % customers]!, kind: 'available' },
      1n,
      'trade',
    ),
    metadata: { fill: randomUUID() },
  });
  await apply(Array.from({ length: payments }, (_, i) => payment(i)));
}

/** Sequential scans of ledger_transfers so far, this process's included. */
async function transferScans(): Promise<number> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_stat_force_next_flush()');
    await client.query('SET stats_fetch_consistency = none');
    const { rows } = await client.query<{ scans: string }>(
      `SELECT seq_scan::text AS scans FROM pg_stat_user_tables WHERE relname = 'ledger_transfers'`,
    );
    return Number(rows[0]!.scans);
  } finally {
    client.release();
  }
}

describe("a wallet's history", () => {
  it("reads only the customer's transfers, however many others the ledger holds", async () => {
    const light = await customer('light');
    await apply([deposit(light, 1n), deposit(light, 1n), deposit(light, 1n)]);
    await busyExchange(100, 3_000);
    // The statistics a running database keeps (autovacuum analyses a table as it grows).
    await database.pool.query('ANALYZE ledger_transfers, ledger_accounts');
    const history = createLedgerHistoryRepository(database.db);

    const before = await transferScans();
    const page = await history.page({ userId: light }, { limit: 2, offset: 0 });
    const sameAsset = await history.page({ userId: light, asset: 'USDT' }, { limit: 20, offset: 0 });
    expect(await transferScans()).toBe(before);

    expect(page.total).toBe(3);
    expect(page.rows).toHaveLength(2);
    expect(page.rows.every((row) => row.kind === 'deposit' && row.delta === '1' && row.booked)).toBe(true);
    expect(sameAsset).toMatchObject({ total: 3 });
    expect(sameAsset.rows).toHaveLength(3);
  });
});
