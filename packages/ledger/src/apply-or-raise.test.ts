import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { encodeLedgerOps, refusalFromError } from './apply.ts';
import { LedgerError } from './errors.ts';
import { assertLedgerInvariants } from './invariants.ts';
import { createLedger } from './ledger.ts';
import { createTestCustomer, fundCustomer } from './testing/index.ts';
import type { LedgerOp } from './types.ts';

const ledger = createLedger();
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  // Stands for a caller's own table (orders, fills) written in the same statement as the transfers.
  await database.db.execute(sql`CREATE TABLE caller_rows (id uuid PRIMARY KEY)`);
});
afterEach(async () => assertLedgerInvariants(database.db));
afterAll(async () => database.destroy());

/** One autocommit statement: the caller's row, then the ledger batch. */
async function applyWithOwnRow(rowId: string, ops: LedgerOp[]): Promise<unknown> {
  try {
    await database.db.execute(sql`
      WITH own AS (INSERT INTO caller_rows (id) VALUES (${rowId}::uuid))
      SELECT ledger_apply_or_raise(${encodeLedgerOps(ops)}::jsonb)`);
    return null;
  } catch (error) {
    return error;
  }
}

async function rowExists(rowId: string): Promise<boolean> {
  const { rows } = await database.db.execute(sql`SELECT 1 FROM caller_rows WHERE id = ${rowId}::uuid`);
  return rows.length > 0;
}

function send(from: string, to: string, amount: bigint): LedgerOp {
  return {
    op: 'transfer',
    id: randomUUID(),
    asset: 'BTC',
    debit: { owner: from, kind: 'available' },
    credit: { owner: to, kind: 'available' },
    amount,
    code: 'internal_transfer',
  };
}

describe('ledger_apply_or_raise', () => {
  it('writes the caller row and the transfers together when the ledger accepts the batch', async () => {
    const alice = await createTestCustomer(database.db);
    const bob = await createTestCustomer(database.db);
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 1_000n });
    const rowId = randomUUID();
    const ops = [send(alice, bob, 400n)];
    expect(await applyWithOwnRow(rowId, ops)).toBeNull();
    expect(await rowExists(rowId)).toBe(true);
    expect((await ledger.getTransfer(database.db, (ops[0] as { id: string }).id))?.amount).toBe(400n);
  });

  it('undoes the caller row and raises the refusal that ledger.apply would return, with its index', async () => {
    const alice = await createTestCustomer(database.db);
    const bob = await createTestCustomer(database.db);
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 1_000n });
    const ops = [send(alice, bob, 600n), send(alice, bob, 600n)];
    const rowId = randomUUID();
    const raised = await applyWithOwnRow(rowId, ops);
    const refusal = refusalFromError(raised, ops);
    expect(refusal).toBeInstanceOf(LedgerError);
    expect(refusal).toMatchObject({ code: 'insufficient_balance', index: 1 });

    const returned = await ledger.apply(database.db, ops).catch((error: unknown) => error);
    expect(returned).toMatchObject({ code: refusal!.code, index: refusal!.index, accountId: refusal!.accountId });
    expect(await rowExists(rowId)).toBe(false);
    expect((await ledger.findAccount(database.db, 'BTC', { owner: alice, kind: 'available' }))?.balance).toBe(1_000n);
  });

  it('leaves any other database error alone', async () => {
    const rowId = randomUUID();
    await database.db.execute(sql`INSERT INTO caller_rows (id) VALUES (${rowId}::uuid)`);
    const duplicate = await applyWithOwnRow(rowId, [send(randomUUID(), randomUUID(), 1n)]);
    expect(duplicate).toBeTruthy();
    expect(refusalFromError(duplicate, [])).toBeNull();
  });
});
