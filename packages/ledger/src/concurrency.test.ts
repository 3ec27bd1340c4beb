// Real concurrency on real PostgreSQL (TESTING.md): N transactions, each on its own pooled
// connection, open and wait at a gate; the gate opens once all N are ready, so their ledger calls
// reach the database together and contend for the same rows.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Tx } from '@rora/db';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { LedgerError } from './errors.ts';
import { assertLedgerInvariants } from './invariants.ts';
import { createLedger } from './ledger.ts';
import { createTestCustomer, fundCustomer } from './testing/index.ts';
import { sqlState, withTransaction } from './transaction.ts';
import type { OpResult } from './types.ts';

const ledger = createLedger();
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => assertLedgerInvariants(database.db));
afterAll(async () => database.destroy());

/**
 * Runs `work` in `n` transactions released together; settles with each one's outcome. One that
 * fails before the gate (no connection to be had) opens it, so the others go on and the test fails
 * saying why, instead of every transaction waiting at the gate until the test times out.
 */
async function race<T>(n: number, work: (tx: Tx, index: number) => Promise<T>, run?: RunTx) {
  let ready = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const runTx: RunTx = run ?? ((db, fn) => db.transaction(fn));
  return Promise.allSettled(
    Array.from({ length: n }, (_, index) =>
      runTx(database.db, async (tx) => {
        await tx.execute(sql`SELECT 1`);
        ready += 1;
        if (ready === n) open();
        await gate;
        return work(tx, index);
      }).catch((error: unknown) => {
        open();
        throw error;
      }),
    ),
  );
}
type RunTx = <T>(db: Db, fn: (tx: Tx) => Promise<T>) => Promise<T>;

function outcomes(settled: PromiseSettledResult<OpResult>[]): string[] {
  return settled.map((s) => {
    if (s.status === 'fulfilled') return s.value.status;
    return s.reason instanceof LedgerError ? s.reason.code : `unexpected: ${String(s.reason)}`;
  });
}

function tally(values: string[]): Record<string, number> {
  return values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});
}

describe('under real concurrency', () => {
  it('lets exactly one of 50 simultaneous withdrawal holds through when the balance covers one', async () => {
    const alice = await createTestCustomer(database.db);
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 10n });
    // A hold creates no account (ADR 0063): nothing but the balance guard stands between the 50.
    const settled = await race(50, (tx) =>
      ledger.hold(tx, { id: randomUUID(), owner: alice, asset: 'BTC', amount: 10n, code: 'withdrawal_hold' }),
    );
    expect(tally(outcomes(settled))).toEqual({ created: 1, available_balance_must_cover_hold: 49 });
    const [btc] = await ledger.getBalances(database.db, alice);
    expect(btc).toMatchObject({ available: 0n, held: 10n });
  });

  it('lets exactly one of 50 simultaneous withdrawals through when the balance covers one', async () => {
    const alice = await createTestCustomer(database.db);
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 10n });
    await ledger.openAccount(database.db, 'BTC', { system: 'chain_omnibus' });
    const settled = await race(50, (tx) =>
      ledger.transfer(tx, {
        id: randomUUID(),
        asset: 'BTC',
        debit: { owner: alice, kind: 'available' },
        credit: { system: 'chain_omnibus' },
        amount: 10n,
        code: 'withdrawal',
      }),
    );
    expect(tally(outcomes(settled))).toEqual({ created: 1, insufficient_balance: 49 });
  });

  it('applies one of 20 simultaneous retries of the same transfer and replays the rest', async () => {
    const [alice, bob] = [await createTestCustomer(database.db), await createTestCustomer(database.db)];
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 100n });
    const input = {
      id: randomUUID(),
      asset: 'BTC' as const,
      debit: { owner: alice, kind: 'available' as const },
      credit: { owner: bob, kind: 'available' as const },
      amount: 30n,
      code: 'internal_transfer' as const,
    };
    const settled = await race(20, (tx) => ledger.transfer(tx, input));
    expect(tally(outcomes(settled))).toEqual({ created: 1, replayed: 19 });
    expect((await ledger.findAccount(database.db, 'BTC', { owner: bob, kind: 'available' }))?.balance).toBe(30n);
  });

  it('settles a hold once when 20 posts and voids race for it', async () => {
    const [buyer, seller] = [await createTestCustomer(database.db), await createTestCustomer(database.db)];
    await fundCustomer(database.db, { owner: buyer, asset: 'USDT', amount: 50n });
    const holdId = randomUUID();
    await ledger.hold(database.db, { id: holdId, owner: buyer, asset: 'USDT', amount: 50n, code: 'order_hold' });
    await ledger.openAccount(database.db, 'USDT', { owner: seller, kind: 'available' });
    const settled = await race(20, (tx, index) =>
      index % 2 === 0
        ? ledger.postHold(tx, {
            id: randomUUID(),
            holdId,
            credit: { owner: seller, kind: 'available' },
            amount: 50n,
            code: 'trade',
          })
        : ledger.voidHold(tx, { holdId }),
    );
    const results = tally(outcomes(settled));
    // One settles it. A later post finds it settled; a later void is refused after a post, or
    // replays the first void: either way no second effect.
    expect(results.created).toBe(1);
    expect((results.hold_already_settled ?? 0) + (results.replayed ?? 0)).toBe(19);
    const owned = [
      ...(await ledger.getBalances(database.db, seller)),
      ...(await ledger.getBalances(database.db, buyer)),
    ];
    expect(owned.filter((b) => b.asset === 'USDT').reduce((sum, b) => sum + b.total, 0n)).toBe(50n);
    expect((await ledger.getHold(database.db, holdId))?.remaining).toBe(0n);
  });

  it('creates an account once when 20 first deposits race for it', async () => {
    const alice = await createTestCustomer(database.db);
    const settled = await race(20, (tx) =>
      ledger.transfer(tx, {
        id: randomUUID(),
        asset: 'SOL',
        debit: { system: 'external_world' },
        credit: { owner: alice, kind: 'available' },
        amount: 5n,
        code: 'deposit',
      }),
    );
    expect(tally(outcomes(settled))).toEqual({ created: 20 });
    expect((await ledger.findAccount(database.db, 'SOL', { owner: alice, kind: 'available' }))?.balance).toBe(100n);
  });

  it('retries REPEATABLE READ conflicts until every covered transfer commits', async () => {
    const [alice, bob] = [await createTestCustomer(database.db), await createTestCustomer(database.db)];
    await fundCustomer(database.db, { owner: alice, asset: 'XRP', amount: 1_000n });
    let conflicts = 0;
    const run: RunTx = (db, fn) =>
      withTransaction(
        db,
        async (tx) => {
          try {
            return await fn(tx);
          } catch (error) {
            if (sqlState(error) === '40001') conflicts += 1;
            throw error;
          }
        },
        { isolationLevel: 'repeatable read', maxAttempts: 50 },
      );
    const settled = await race(
      10,
      (tx) =>
        ledger.transfer(tx, {
          id: randomUUID(),
          asset: 'XRP',
          debit: { owner: alice, kind: 'available' },
          credit: { owner: bob, kind: 'available' },
          amount: 10n,
          code: 'internal_transfer',
        }),
      run,
    );
    expect(tally(outcomes(settled))).toEqual({ created: 10 });
    expect(conflicts).toBeGreaterThan(0);
    expect((await ledger.findAccount(database.db, 'XRP', { owner: bob, kind: 'available' }))?.balance).toBe(100n);
  });

  it('never deadlocks and never changes the total while batches cross the same accounts in opposite orders', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => createTestCustomer(database.db)));
    for (const owner of customers) await fundCustomer(database.db, { owner, asset: 'ADX', amount: 1_000n });
    const totals: bigint[] = [];
    let running = true;
    const reader = (async () => {
      while (running) {
        // One statement, one snapshot: Jepsen's bank read.
        const { rows } = await database.db.execute<{ total: string }>(
          sql`SELECT sum(balance)::text AS total FROM ledger_accounts WHERE asset = 'ADX' AND owner_id IS NOT NULL`,
        );
        totals.push(BigInt(rows[0]!.total));
      }
    })();
    const unexpected: unknown[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let round = 0; round < 25; round += 1) {
          const a = customers[(worker + round) % 6]!;
          const b = customers[(worker + round * 5 + 1) % 6]!;
          if (a === b) continue;
          const leg = (from: string, to: string, amount: bigint) => ({
            id: randomUUID(),
            asset: 'ADX' as const,
            debit: { owner: from, kind: 'available' as const },
            credit: { owner: to, kind: 'available' as const },
            amount,
            code: 'internal_transfer' as const,
          });
          const legs = worker % 2 === 0 ? [leg(a, b, 7n), leg(b, a, 3n)] : [leg(b, a, 5n), leg(a, b, 2n)];
          await database.db
            .transaction((tx) => ledger.transferMany(tx, legs))
            .catch((error: unknown) => {
              if (!(error instanceof LedgerError && error.code === 'insufficient_balance')) unexpected.push(error);
            });
        }
      }),
    );
    running = false;
    await reader;
    expect(unexpected).toEqual([]);
    expect(totals.length).toBeGreaterThan(0);
    expect(new Set(totals)).toEqual(new Set([6_000n]));
  });
});
