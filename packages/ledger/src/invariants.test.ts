// The checker must see each kind of damage. The damage is done with SQL that bypasses the ledger
// (and, where a constraint would stop it, with the constraint dropped): exactly what the checker
// exists to catch in a database someone touched by hand. Each test gets its own database.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { LedgerInvariantError, assertLedgerInvariants, checkLedgerInvariants, runLedgerCheck } from './invariants.ts';
import { createLedger } from './ledger.ts';
import { createTestCustomer, fundCustomer } from './testing/index.ts';

const ledger = createLedger();
let database: TestDatabase;
let alice: string;
let holdId: string;

beforeEach(async () => {
  database = await createTestDatabase();
  alice = await createTestCustomer(database.db);
  await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 100n });
  holdId = randomUUID();
  await ledger.hold(database.db, { id: holdId, owner: alice, asset: 'BTC', amount: 40n, code: 'withdrawal_hold' });
});
afterEach(async () => database.destroy());

async function invariantsBroken(): Promise<string[]> {
  return [...new Set((await checkLedgerInvariants(database.db)).map((v) => v.invariant))].sort();
}

describe('checkLedgerInvariants', () => {
  it('finds nothing wrong in a ledger only the ledger wrote, through either handle', async () => {
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
    expect(await checkLedgerInvariants(database.pool)).toEqual([]);
    await expect(assertLedgerInvariants(database.pool)).resolves.toBeUndefined();
    const { summary } = await runLedgerCheck(database.db);
    expect(summary).toEqual({ accounts: 3, transfers: 2, pendingHolds: 1, assets: ['BTC'] });
  });

  it('sees a balance edited without a transfer', async () => {
    await database.pool.query(
      `UPDATE ledger_accounts SET balance = balance + 7 WHERE owner_id = $1 AND kind = 'available'`,
      [alice],
    );
    expect(await invariantsBroken()).toEqual(['asset_balances_sum_to_zero', 'balance_equals_replay']);
    const error = await assertLedgerInvariants(database.db).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LedgerInvariantError);
    expect((error as Error).message).toMatch(/BTC balances sum to 7, not 0/);
  });

  it('sees a negative customer balance', async () => {
    await database.pool.query(
      'ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_customer_balance_not_negative',
    );
    await database.pool.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_balance_not_negative');
    await database.pool.query(`UPDATE ledger_accounts SET balance = -60 WHERE owner_id = $1 AND kind = 'available'`, [
      alice,
    ]);
    await database.pool.query(`UPDATE ledger_accounts SET balance = balance + 120 WHERE kind = 'external_world'`);
    expect(await invariantsBroken()).toEqual(['balance_equals_replay', 'customer_balance_is_not_negative']);
  });

  it('sees a hold closed without its money moving', async () => {
    await database.pool.query(
      `UPDATE ledger_holds SET status = 'voided', voided_amount = 40, settled_at = now(), void_transfer_id = gen_random_uuid()
        WHERE id = $1`,
      [holdId],
    );
    expect(await invariantsBroken()).toEqual(['held_equals_open_holds', 'hold_matches_its_transfers']);
  });

  it('sees money moved out of a held account without its hold', async () => {
    const held = await ledger.findAccount(database.db, 'BTC', { owner: alice, kind: 'held' });
    const world = await ledger.findAccount(database.db, 'BTC', { system: 'external_world' });
    await database.pool.query(
      `INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, asset, amount, code) VALUES ($1, $2, $3, 'BTC', 40, 'withdrawal')`,
      [randomUUID(), held!.id, world!.id],
    );
    await database.pool.query(`UPDATE ledger_accounts SET balance = balance - 40 WHERE id = $1`, [held!.id]);
    await database.pool.query(`UPDATE ledger_accounts SET balance = balance + 40 WHERE id = $1`, [world!.id]);
    expect(await invariantsBroken()).toEqual(['held_equals_open_holds', 'transfer_is_well_formed']);
  });

  it('sees a post recorded on a hold that its transfers do not show', async () => {
    await database.pool.query(`UPDATE ledger_holds SET posted_amount = 10 WHERE id = $1`, [holdId]);
    expect(await invariantsBroken()).toEqual(['held_equals_open_holds', 'hold_matches_its_transfers']);
  });

  it('sees a transfer whose account or hold does not exist, if one got past the database', async () => {
    const available = await ledger.findAccount(database.db, 'BTC', { owner: alice, kind: 'available' });
    const world = await ledger.findAccount(database.db, 'BTC', { system: 'external_world' });
    // What the statement trigger of migration 0033 refuses, written with it switched off.
    await database.pool.query('ALTER TABLE ledger_transfers DISABLE TRIGGER ledger_transfers_references');
    await database.pool.query(
      `INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, asset, amount, code, hold_id)
       VALUES ($1, $2, $3, 'BTC', 1, 'deposit', $4)`,
      [randomUUID(), world!.id, available!.id, randomUUID()],
    );
    await database.pool.query('UPDATE ledger_accounts SET balance = balance - 1 WHERE id = $1', [world!.id]);
    await database.pool.query('UPDATE ledger_accounts SET balance = balance + 1 WHERE id = $1', [available!.id]);
    expect(await invariantsBroken()).toEqual(['transfer_is_well_formed']);
  });

  it('refuses a transfer or a hold written past the ledger that names a missing or foreign-asset account', async () => {
    const available = await ledger.findAccount(database.db, 'BTC', { owner: alice, kind: 'available' });
    const world = await ledger.findAccount(database.db, 'BTC', { system: 'external_world' });
    const insertTransfer = (debit: bigint, hold: string | null) =>
      database.pool.query(
        `INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, asset, amount, code, hold_id)
         VALUES ($1, $2, $3, 'BTC', 1, 'deposit', $4)`,
        [randomUUID(), debit, available!.id, hold],
      );
    await expect(insertTransfer(999_999n, null)).rejects.toThrow(/foreign keys/);
    await expect(insertTransfer(world!.id, randomUUID())).rejects.toThrow(/foreign keys/);
    await expect(
      database.pool.query(
        `INSERT INTO ledger_holds (id, account_id, held_account_id, asset, amount, code)
         VALUES ($1, $2, $2, 'ETH', 1, 'withdrawal_hold')`,
        [randomUUID(), available!.id],
      ),
    ).rejects.toThrow(/foreign keys/);
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it('keeps accounts and holds: no delete, and what identifies them never changes', async () => {
    const available = await ledger.findAccount(database.db, 'BTC', { owner: alice, kind: 'available' });
    for (const statement of [
      'DELETE FROM ledger_accounts WHERE id = $1',
      `UPDATE ledger_accounts SET asset = 'ETH' WHERE id = $1`,
      `UPDATE ledger_holds SET account_id = $1`,
      'DELETE FROM ledger_holds WHERE account_id = $1',
    ]) {
      await expect(database.pool.query(statement, [available!.id]), statement).rejects.toThrow(/permanent/);
    }
    await expect(database.pool.query('TRUNCATE ledger_holds CASCADE')).rejects.toThrow(/permanent/);
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });
});
