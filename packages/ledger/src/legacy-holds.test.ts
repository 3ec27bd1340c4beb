// Holds placed by the ledger before ADR 0063 moved their amount into a held account. They settle as
// they would have: posts leave the held account, a void is a transfer back. That includes a hold a
// server of the release before places while a deploy is under way, between migration 0103 and the
// new ledger_apply. The old state is written here as the old ledger wrote it (past the tables' guard).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import type { LedgerError } from './errors.ts';
import { checkLedgerInvariants } from './invariants.ts';
import { createLedger } from './ledger.ts';
import { balancesIn, createTestCustomer, fundCustomer, writePastTheLedger } from './testing/index.ts';
import type { PostHoldInput } from './types.ts';

const ledger = createLedger();
let database: TestDatabase;
let alice: string;
let bob: string;
const [open, voided, oldPost] = [randomUUID(), randomUUID(), randomUUID()];

async function accountId(owner: string, kind: string): Promise<string> {
  const { rows } = await database.pool.query<{ id: string }>(
    `SELECT id::text FROM ledger_accounts WHERE owner_id = $1 AND asset = 'BTC' AND kind = $2`,
    [owner, kind],
  );
  return rows[0]!.id;
}

interface OldTransfer {
  id: string;
  debit: string;
  credit: string;
  amount: number;
  code: string;
  hold: string;
}

async function transfer({ id, debit, credit, amount, code, hold }: OldTransfer) {
  await writePastTheLedger(
    database.pool,
    `INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, asset, amount, code, hold_id, metadata)
     VALUES ($1, $2, $3, 'BTC', $4, $5, $6, $7)`,
    [id, debit, credit, amount, code, hold, code === 'order_hold' ? { order: hold } : {}],
  );
  await writePastTheLedger(database.pool, 'UPDATE ledger_accounts SET balance = balance - $2 WHERE id = $1', [
    debit,
    amount,
  ]);
  await writePastTheLedger(database.pool, 'UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1', [
    credit,
    amount,
  ]);
}

/** As the ledger of before left them: one hold of 40 with 10 posted to bob, one of 20 voided. */
async function writeHoldsOfBefore(): Promise<void> {
  await writePastTheLedger(
    database.pool,
    `INSERT INTO ledger_accounts (owner_id, asset, kind) VALUES ($1, 'BTC', 'held')`,
    [alice],
  );
  const [available, held, bobs] = [
    await accountId(alice, 'available'),
    await accountId(alice, 'held'),
    await accountId(bob, 'available'),
  ];
  for (const [id, amount] of [
    [open, 40],
    [voided, 20],
  ] as const) {
    await writePastTheLedger(
      database.pool,
      `INSERT INTO ledger_holds (id, account_id, held_account_id, asset, amount, code) VALUES ($1, $2, $3, 'BTC', $4, 'order_hold')`,
      [id, available, held, amount],
    );
    await transfer({ id, debit: available, credit: held, amount, code: 'order_hold', hold: id });
  }
  await transfer({ id: oldPost, debit: held, credit: bobs, amount: 10, code: 'trade', hold: open });
  await writePastTheLedger(database.pool, `UPDATE ledger_holds SET posted_amount = 10 WHERE id = $1`, [open]);
  const voidId = randomUUID();
  await transfer({ id: voidId, debit: held, credit: available, amount: 20, code: 'hold_void', hold: voided });
  await writePastTheLedger(
    database.pool,
    `UPDATE ledger_holds SET voided_amount = 20, status = 'voided', settled_at = now(), void_transfer_id = $2 WHERE id = $1`,
    [voided, voidId],
  );
}

async function btc(owner: string) {
  const { available, held, total } = await balancesIn(database.db, owner, 'BTC');
  return { available, held, total };
}

const toBob = (id: string, amount: bigint): PostHoldInput => ({
  id,
  holdId: open,
  credit: { owner: bob, kind: 'available' },
  amount,
  code: 'trade',
});

beforeAll(async () => {
  database = await createTestDatabase();
  alice = await createTestCustomer(database.db);
  bob = await createTestCustomer(database.db);
  await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 100n });
  await fundCustomer(database.db, { owner: bob, asset: 'BTC', amount: 1n });
  await writeHoldsOfBefore();
});
afterAll(async () => database.destroy());

describe('holds placed before ADR 0063', () => {
  it('read as held, beside reservations, and the checker accepts both', async () => {
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
    expect(await btc(alice)).toEqual({ available: 60n, held: 30n, total: 90n });
    await ledger.hold(database.db, { id: randomUUID(), owner: alice, asset: 'BTC', amount: 50n, code: 'order_hold' });
    expect(await btc(alice)).toEqual({ available: 10n, held: 80n, total: 90n });
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it('post from their held account, and replay a post made before by its id', async () => {
    await ledger.postHold(database.db, toBob(randomUUID(), 5n));
    expect(await btc(alice)).toEqual({ available: 10n, held: 75n, total: 85n });
    expect(await ledger.postHold(database.db, toBob(oldPost, 10n))).toMatchObject({ status: 'replayed' });
    const refused = await ledger.postHold(database.db, toBob(oldPost, 9n)).catch((error: unknown) => error);
    expect((refused as LedgerError).code).toBe('transfer_id_reused_with_different_content');
    expect(await btc(bob)).toEqual({ available: 16n, held: 0n, total: 16n });
  });

  it('replay their placing by its content, which their placing transfer carries', async () => {
    const again = { id: open, owner: alice, asset: 'BTC' as const, amount: 40n, code: 'order_hold' as const };
    expect(await ledger.hold(database.db, { ...again, metadata: { order: open } })).toMatchObject({
      status: 'replayed',
    });
    const refused = await ledger.hold(database.db, again).catch((error: unknown) => error);
    expect((refused as LedgerError).code).toBe('transfer_id_reused_with_different_content');
  });

  it('void by a transfer back to available, once', async () => {
    const done = await ledger.voidHold(database.db, { holdId: open, metadata: { reason: 'cancelled' } });
    expect(done).toMatchObject({ status: 'created', amount: 25n });
    expect(await ledger.getTransfer(database.db, done.transferId!)).toMatchObject({
      code: 'hold_void',
      holdId: open,
      amount: 25n,
    });
    expect(await ledger.voidHold(database.db, { holdId: open })).toEqual({ ...done, status: 'replayed' });
    expect(await ledger.voidHold(database.db, { holdId: voided })).toMatchObject({ status: 'replayed', amount: 20n });
    expect(await btc(alice)).toEqual({ available: 35n, held: 50n, total: 85n });
    expect((await ledger.findAccount(database.db, 'BTC', { owner: alice, kind: 'held' }))?.balance).toBe(0n);
    const { rows } = await database.pool.query('SELECT void_metadata FROM ledger_holds WHERE id = $1', [open]);
    expect(rows[0]).toEqual({ void_metadata: { reason: 'cancelled' } });
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it('are seen by the checker when their held account and their holds disagree', async () => {
    const held = await accountId(alice, 'held');
    const world = (await ledger.findAccount(database.db, 'BTC', { system: 'external_world' }))!.id;
    await transfer({ id: randomUUID(), debit: world.toString(), credit: held, amount: 3, code: 'trade', hold: voided });
    const broken = new Set((await checkLedgerInvariants(database.db)).map((v) => v.invariant));
    expect(broken).toEqual(new Set(['held_equals_open_holds', 'hold_matches_its_transfers']));
  });
});
