import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { assertLedgerInvariants } from './invariants.ts';
import { createLedger } from './ledger.ts';
import { LedgerError } from './errors.ts';
import { createTestCustomer, fundCustomer, writePastTheLedger } from './testing/index.ts';
import type { TransferInput } from './types.ts';

const ledger = createLedger();
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => assertLedgerInvariants(database.db));
afterAll(async () => database.destroy());

async function available(owner: string, asset = 'BTC'): Promise<bigint> {
  return (await ledger.findAccount(database.db, asset, { owner, kind: 'available' }))?.balance ?? 0n;
}

async function transferCount(): Promise<bigint> {
  const { rows } = await database.db.execute<{ n: bigint }>(sql`SELECT count(*)::int8 AS n FROM ledger_transfers`);
  return rows[0]!.n;
}

function send(from: string, to: string, amount: bigint, id = randomUUID()): TransferInput {
  return {
    id,
    asset: 'BTC',
    debit: { owner: from, kind: 'available' },
    credit: { owner: to, kind: 'available' },
    amount,
    code: 'internal_transfer',
  };
}

async function refusal(promise: Promise<unknown>): Promise<LedgerError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LedgerError);
  return error as LedgerError;
}

describe('transfers', () => {
  it('credits a deposit to the customer and books the other side on external_world', async () => {
    const alice = await createTestCustomer(database.db);
    const before = (await ledger.findAccount(database.db, 'ETH', { system: 'external_world' }))?.balance ?? 0n;
    const result = await fundCustomer(database.db, { owner: alice, asset: 'ETH', amount: 2_500_000_000_000_000_000n });
    expect(result).toMatchObject({ status: 'created', amount: 2_500_000_000_000_000_000n });
    expect(await available(alice, 'ETH')).toBe(2_500_000_000_000_000_000n);
    const world = await ledger.findAccount(database.db, 'ETH', { system: 'external_world' });
    expect(world?.balance).toBe(before - 2_500_000_000_000_000_000n);
    const stored = await ledger.getTransfer(database.db, result.transferId!);
    expect(stored).toMatchObject({ asset: 'ETH', amount: 2_500_000_000_000_000_000n, code: 'deposit', holdId: null });
  });

  it('moves amounts far beyond int8 exactly (18-decimal assets)', async () => {
    const [alice, bob] = [await createTestCustomer(database.db), await createTestCustomer(database.db)];
    const huge = 123_456_789_012_345_678_901_234_567_890n;
    await fundCustomer(database.db, { owner: alice, asset: 'ETH', amount: huge });
    await ledger.transfer(database.db, { ...send(alice, bob, huge - 1n), asset: 'ETH' });
    expect(await available(alice, 'ETH')).toBe(1n);
    expect(await available(bob, 'ETH')).toBe(huge - 1n);
  });

  it('replays the same id with the same content as a no-op that returns the original', async () => {
    const [alice, bob] = [await createTestCustomer(database.db), await createTestCustomer(database.db)];
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 100n });
    const input = { ...send(alice, bob, 40n), metadata: { orderId: 'o-1', n: 1 } };
    const first = await ledger.transfer(database.db, input);
    const count = await transferCount();
    const again = await ledger.transfer(database.db, input);
    expect(first.status).toBe('created');
    expect(again).toEqual({ ...first, status: 'replayed' });
    expect(await transferCount()).toBe(count);
    expect(await available(alice)).toBe(60n);
    expect(await available(bob)).toBe(40n);
  });

  it('refuses the same id with different content and changes nothing', async () => {
    const [alice, bob] = [await createTestCustomer(database.db), await createTestCustomer(database.db)];
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 100n });
    const input = send(alice, bob, 40n);
    await ledger.transfer(database.db, input);
    for (const changed of [
      { ...input, amount: 41n },
      { ...input, credit: { system: 'fees' as const } },
      { ...input, code: 'trade' as const },
      { ...input, metadata: { other: true } },
    ]) {
      const error = await refusal(ledger.transfer(database.db, changed));
      expect(error.code).toBe('transfer_id_reused_with_different_content');
    }
    expect(await available(alice)).toBe(60n);
    expect(await available(bob)).toBe(40n);
  });

  it('refuses a debit the balance does not cover, with no effect, and leaves the transaction usable', async () => {
    const [alice, bob] = [await createTestCustomer(database.db), await createTestCustomer(database.db)];
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 100n });
    const count = await transferCount();
    await database.db.transaction(async (tx) => {
      const error = await refusal(ledger.transfer(tx, send(alice, bob, 101n)));
      expect(error.code).toBe('insufficient_balance');
      expect(error.accountId).toBe((await ledger.findAccount(tx, 'BTC', { owner: alice, kind: 'available' }))?.id);
      await ledger.transfer(tx, send(alice, bob, 100n));
    });
    expect(await transferCount()).toBe(count + 1n);
    expect(await available(alice)).toBe(0n);
    expect(await available(bob)).toBe(100n);
  });

  it('keeps house accounts other than the outside-world mirrors from going negative', async () => {
    const alice = await createTestCustomer(database.db);
    const error = await refusal(
      ledger.transfer(database.db, {
        id: randomUUID(),
        asset: 'LTC',
        debit: { system: 'fees' },
        credit: { owner: alice, kind: 'available' },
        amount: 1n,
        code: 'trade_fee',
      }),
    );
    expect(error.code).toBe('insufficient_balance');
  });

  it('refuses a transfer between an account and itself, and plain transfers touching held accounts', async () => {
    const alice = await createTestCustomer(database.db);
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 10n });
    expect((await refusal(ledger.transfer(database.db, send(alice, alice, 1n)))).code).toBe('accounts_must_differ');
    const toHeld = { ...send(alice, alice, 1n), credit: { owner: alice, kind: 'held' as const } };
    expect((await refusal(ledger.transfer(database.db, toHeld))).code).toBe('held_account_moves_only_through_holds');
    expect(await available(alice)).toBe(10n);
  });

  it('refuses malformed input before touching the database', async () => {
    const alice = await createTestCustomer(database.db);
    const base = send(alice, randomUUID(), 1n);
    expect((await refusal(ledger.transfer(database.db, { ...base, amount: 0n }))).code).toBe('amount_must_be_positive');
    expect((await refusal(ledger.transfer(database.db, { ...base, amount: -5n }))).code).toBe(
      'amount_must_be_positive',
    );
    const malformed = [
      { ...base, id: 'not-a-uuid' },
      { ...base, asset: 'btc' },
      { ...base, code: 'hold_void' },
      { ...base, code: 'gift' },
      { ...base, amount: 10n ** 78n },
      { ...base, amount: 5 },
      { ...base, debit: { system: 'available' } },
      { ...base, metadata: { big: 1n } },
    ] as unknown as TransferInput[];
    for (const input of malformed) {
      expect((await refusal(ledger.transfer(database.db, input))).code).toBe('ledger_input_is_invalid');
    }
  });

  it('applies a batch all or nothing: a refused leg undoes the legs before it', async () => {
    const [alice, bob, carol] = await Promise.all([1, 2, 3].map(() => createTestCustomer(database.db)));
    await fundCustomer(database.db, { owner: alice!, asset: 'BTC', amount: 50n });
    const error = await refusal(ledger.transferMany(database.db, [send(alice!, bob!, 30n), send(carol!, bob!, 1n)]));
    expect(error).toMatchObject({ code: 'insufficient_balance', index: 1 });
    expect(await available(alice!)).toBe(50n);
    expect(await available(bob!)).toBe(0n);
  });

  it('applies a batch in order, so a leg may spend what an earlier leg credited', async () => {
    const [alice, bob, carol] = await Promise.all([1, 2, 3].map(() => createTestCustomer(database.db)));
    await fundCustomer(database.db, { owner: alice!, asset: 'BTC', amount: 50n });
    const results = await ledger.transferMany(database.db, [send(alice!, bob!, 50n), send(bob!, carol!, 20n)]);
    expect(results.map((r) => r.status)).toEqual(['created', 'created']);
    expect([await available(alice!), await available(bob!), await available(carol!)]).toEqual([0n, 30n, 20n]);
  });

  it('applies an empty batch as nothing', async () => {
    const count = await transferCount();
    expect(await ledger.transferMany(database.db, [])).toEqual([]);
    expect(await transferCount()).toBe(count);
  });

  it('refuses one id twice in a batch', async () => {
    const [alice, bob] = [await createTestCustomer(database.db), await createTestCustomer(database.db)];
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 50n });
    const id = randomUUID();
    const error = await refusal(ledger.transferMany(database.db, [send(alice, bob, 1n, id), send(alice, bob, 1n, id)]));
    expect(error).toMatchObject({ code: 'transfer_id_must_be_unique_in_batch', index: 1 });
    expect(await available(alice)).toBe(50n);
  });

  it('sums a customer’s accounts per asset', async () => {
    const alice = await createTestCustomer(database.db);
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 70n });
    await fundCustomer(database.db, { owner: alice, asset: 'USDT', amount: 5n });
    await ledger.transfer(database.db, {
      ...send(alice, alice, 20n),
      credit: { owner: alice, kind: 'staked' },
      code: 'stake',
    });
    await ledger.hold(database.db, { id: randomUUID(), owner: alice, asset: 'BTC', amount: 15n, code: 'order_hold' });
    expect(await ledger.getBalances(database.db, alice)).toEqual([
      { asset: 'BTC', available: 35n, held: 15n, staked: 20n, cold: 0n, loanEscrow: 0n, total: 70n },
      { asset: 'USDT', available: 5n, held: 0n, staked: 0n, cold: 0n, loanEscrow: 0n, total: 5n },
    ]);
  });
});

describe('database guards', () => {
  it('keeps the transfer log append-only', async () => {
    const alice = await createTestCustomer(database.db);
    const { transferId } = await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 1n });
    await expect(
      database.pool.query('UPDATE ledger_transfers SET amount = 2 WHERE id = $1', [transferId]),
    ).rejects.toThrow(/append-only/);
    await expect(database.pool.query('DELETE FROM ledger_transfers WHERE id = $1', [transferId])).rejects.toThrow(
      /append-only/,
    );
  });

  it('refuses a negative customer balance even from a write that gets past the ledger', async () => {
    const alice = await createTestCustomer(database.db);
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 1n });
    await expect(
      writePastTheLedger(
        database.pool,
        `UPDATE ledger_accounts SET balance = -1 WHERE owner_id = $1 AND kind = 'available'`,
        [alice],
      ),
    ).rejects.toThrow(/ledger_accounts_customer_balance_not_negative|ledger_accounts_balance_not_negative/);
  });

  it('refuses a transfer written anywhere but in ledger_apply, whose checks it would skip', async () => {
    const alice = await createTestCustomer(database.db);
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 1n });
    const btc = await ledger.findAccount(database.db, 'BTC', { owner: alice, kind: 'available' });
    const world = await ledger.findAccount(database.db, 'BTC', { system: 'external_world' });
    await expect(
      database.pool.query(
        `INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, asset, amount, code)
         VALUES (gen_random_uuid(), $1, $2, 'ETH', 1, 'deposit')`,
        [world!.id, btc!.id],
      ),
    ).rejects.toThrow(/ledger_transfers is written only by ledger_apply\(\) \(INSERT refused\)/);
  });
});
