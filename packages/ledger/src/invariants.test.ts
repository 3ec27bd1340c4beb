// The checker must see each kind of damage. The damage is done with SQL that bypasses the ledger
// (past the tables' guard, writePastTheLedger, and where a constraint would stop it, with the
// constraint dropped): exactly what the checker exists to catch in a database someone touched by
// hand. Each test gets its own database.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { LedgerInvariantError, assertLedgerInvariants, checkLedgerInvariants, runLedgerCheck } from './invariants.ts';
import { createLedger } from './ledger.ts';
import { createTestCustomer, fundCustomer, writePastTheLedger } from './testing/index.ts';

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
    // A hold writes neither an account nor a transfer (ADR 0063): the deposit's two, and its one.
    expect(summary).toEqual({ accounts: 2, transfers: 1, pendingHolds: 1, assets: ['BTC'] });
  });

  it('sees a balance edited without a transfer', async () => {
    await writePastTheLedger(
      database.pool,
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
    await database.pool.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_held_within_balance');
    await writePastTheLedger(
      database.pool,
      `UPDATE ledger_accounts SET balance = -60 WHERE owner_id = $1 AND kind = 'available'`,
      [alice],
    );
    await writePastTheLedger(
      database.pool,
      // From 100 (40 of it held) to -60: the other side keeps the sum at zero.
      `UPDATE ledger_accounts SET balance = balance + 160 WHERE kind = 'external_world'`,
    );
    expect(await invariantsBroken()).toEqual(['balance_equals_replay', 'customer_balance_is_not_negative']);
  });

  it('sees a hold closed without its money moving', async () => {
    await writePastTheLedger(
      database.pool,
      `UPDATE ledger_holds SET status = 'voided', voided_amount = 40, settled_at = now(), void_transfer_id = gen_random_uuid()
        WHERE id = $1`,
      [holdId],
    );
    expect(await invariantsBroken()).toEqual(['held_equals_open_holds', 'hold_matches_its_transfers']);
  });

  it('sees money spent that a hold reserves', async () => {
    await database.pool.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_held_within_balance');
    const available = await ledger.findAccount(database.db, 'BTC', { owner: alice, kind: 'available' });
    const world = await ledger.findAccount(database.db, 'BTC', { system: 'external_world' });
    await writePastTheLedger(
      database.pool,
      `INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, asset, amount, code) VALUES ($1, $2, $3, 'BTC', 80, 'withdrawal')`,
      [randomUUID(), available!.id, world!.id],
    );
    await writePastTheLedger(database.pool, `UPDATE ledger_accounts SET balance = balance - 80 WHERE id = $1`, [
      available!.id,
    ]);
    await writePastTheLedger(database.pool, `UPDATE ledger_accounts SET balance = balance + 80 WHERE id = $1`, [
      world!.id,
    ]);
    // 20 left, of which 40 held.
    expect(await invariantsBroken()).toEqual(['customer_balance_is_not_negative']);
  });

  it('sees a reservation that its open holds do not account for', async () => {
    await writePastTheLedger(database.pool, `UPDATE ledger_accounts SET held = held + 5 WHERE owner_id = $1`, [alice]);
    expect(await invariantsBroken()).toEqual(['held_equals_open_holds']);
  });

  it('sees a post recorded on a hold that its transfers do not show', async () => {
    await writePastTheLedger(database.pool, `UPDATE ledger_holds SET posted_amount = 10 WHERE id = $1`, [holdId]);
    expect(await invariantsBroken()).toEqual(['held_equals_open_holds', 'hold_matches_its_transfers']);
  });

  it('sees a transfer whose account or hold does not exist, if one got past the database', async () => {
    const available = await ledger.findAccount(database.db, 'BTC', { owner: alice, kind: 'available' });
    const world = await ledger.findAccount(database.db, 'BTC', { system: 'external_world' });
    // A hold that does not exist: what ledger_apply never writes and the tables refuse from anyone else.
    await writePastTheLedger(
      database.pool,
      `INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, asset, amount, code, hold_id)
       VALUES ($1, $2, $3, 'BTC', 1, 'deposit', $4)`,
      [randomUUID(), world!.id, available!.id, randomUUID()],
    );
    await writePastTheLedger(database.pool, 'UPDATE ledger_accounts SET balance = balance - 1 WHERE id = $1', [
      world!.id,
    ]);
    await writePastTheLedger(database.pool, 'UPDATE ledger_accounts SET balance = balance + 1 WHERE id = $1', [
      available!.id,
    ]);
    expect(await invariantsBroken()).toEqual(['transfer_is_well_formed']);
  });

  it('refuses any transfer, hold, account or balance written past ledger_apply, and changes nothing', async () => {
    const available = await ledger.findAccount(database.db, 'BTC', { owner: alice, kind: 'available' });
    const world = await ledger.findAccount(database.db, 'BTC', { system: 'external_world' });
    const statements: Array<[string, unknown[]]> = [
      // Well-formed or not, a direct write is refused: only the ledger's functions write these tables.
      [
        `INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, asset, amount, code)
         VALUES ($1, $2, $3, 'BTC', 1, 'deposit')`,
        [randomUUID(), world!.id, available!.id],
      ],
      [
        `INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, asset, amount, code)
         VALUES ($1, 999999, $2, 'ETH', 1, 'deposit')`,
        [randomUUID(), available!.id],
      ],
      [
        `INSERT INTO ledger_holds (id, account_id, held_account_id, asset, amount, code)
         VALUES ($1, $2, $2, 'BTC', 1, 'withdrawal_hold')`,
        [randomUUID(), available!.id],
      ],
      [`INSERT INTO ledger_accounts (owner_id, asset, kind, balance) VALUES ($1, 'ETH', 'available', 1000)`, [alice]],
      ['UPDATE ledger_accounts SET balance = balance + 1 WHERE id = $1', [available!.id]],
      [`UPDATE ledger_holds SET posted_amount = 40, status = 'posted' WHERE id = $1`, [holdId]],
    ];
    for (const [statement, values] of statements) {
      await expect(database.pool.query(statement, values), statement).rejects.toThrow(
        /is written only by ledger_apply\(\)/,
      );
    }
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
    expect((await ledger.getBalances(database.db, alice))[0]).toMatchObject({
      asset: 'BTC',
      available: 60n,
      held: 40n,
    });
  });

  it('keeps accounts and holds: no delete, and what identifies them never changes', async () => {
    const available = await ledger.findAccount(database.db, 'BTC', { owner: alice, kind: 'available' });
    for (const statement of [
      'DELETE FROM ledger_accounts WHERE id = $1',
      `UPDATE ledger_accounts SET asset = 'ETH' WHERE id = $1`,
      `UPDATE ledger_holds SET account_id = $1`,
      'DELETE FROM ledger_holds WHERE account_id = $1',
    ]) {
      // Even past the guard on who writes (writePastTheLedger), these rows keep their identity.
      await expect(writePastTheLedger(database.pool, statement, [available!.id]), statement).rejects.toThrow(
        /permanent/,
      );
    }
    await expect(database.pool.query('TRUNCATE ledger_holds CASCADE')).rejects.toThrow(/permanent/);
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });
});
