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
});
