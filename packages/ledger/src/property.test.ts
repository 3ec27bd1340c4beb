// Property: any sequence of transfers, holds, posts, voids, replays, reused ids and batches gives the
// same outcome in PostgreSQL as in the reference model (testing/model.ts), leaves the same balances
// and holds, and keeps every ledger invariant. Seeded: TEST_SEED replays a failure.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { LedgerError } from './errors.ts';
import { checkLedgerInvariants } from './invariants.ts';
import { createLedger } from './ledger.ts';
import { LedgerModel, accountKey, type Outcome } from './testing/model.ts';
import { createTestCustomer } from './testing/index.ts';
import type { AccountRef, LedgerOp } from './types.ts';

const ledger = createLedger();
const ASSETS = ['BTC', 'ETH'] as const;
const seed = readSeed(process.env.TEST_SEED);
let database: TestDatabase;

function readSeed(raw: string | undefined): number {
  const value = raw === undefined || raw === '' ? Math.floor(Math.random() * 2 ** 31) : Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`TEST_SEED must be an integer, got ${raw}`);
  return value;
}

type Step =
  | { t: 'deposit'; user: number; asset: number; amount: bigint }
  | { t: 'move'; from: number; fromKind: number; to: number; toKind: number; asset: number; amount: bigint }
  | { t: 'house'; user: number; house: number; inward: boolean; asset: number; amount: bigint }
  | { t: 'hold'; user: number; asset: number; amount: bigint }
  | { t: 'post'; hold: number; to: number; toKind: number; amount: bigint }
  | { t: 'void'; hold: number }
  | { t: 'again'; previous: number; change: boolean };

const user = fc.nat(2);
const asset = fc.nat(ASSETS.length - 1);
const amount = fc.bigInt(1n, 120n);
/** Mostly available, sometimes staked, rarely held (which a plain transfer must refuse). */
const customerKind = fc.oneof(
  { weight: 6, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.constant(2) },
);
const single: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('deposit' as const), user, asset, amount: fc.bigInt(1n, 300n) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('move' as const),
      from: user,
      fromKind: customerKind,
      to: user,
      toKind: customerKind,
      asset,
      amount,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('house' as const),
      user,
      house: fc.nat(2),
      inward: fc.boolean(),
      asset,
      amount,
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('hold' as const), user, asset, amount }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('post' as const),
      hold: fc.nat(15),
      to: user,
      toKind: fc.nat(3),
      amount: fc.bigInt(1n, 60n),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('void' as const), hold: fc.nat(15) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('again' as const), previous: fc.nat(50), change: fc.boolean() }) },
);
const command = fc.oneof(
  { weight: 5, arbitrary: single.map((s) => [s]) },
  { weight: 1, arbitrary: fc.array(single, { minLength: 2, maxLength: 4 }) },
);

const CUSTOMER_KINDS = ['available', 'staked', 'held'] as const;
const HOUSE_KINDS = ['fees', 'chain_omnibus', 'liquidity'] as const;

function transfer(
  step: { asset: number; amount: bigint },
  debit: AccountRef,
  credit: AccountRef,
  code: 'deposit' | 'internal_transfer' | 'trade_fee',
): LedgerOp {
  return { op: 'transfer', id: randomUUID(), asset: ASSETS[step.asset]!, debit, credit, amount: step.amount, code };
}

/** Turns steps into ledger operations against this run's customers, holds and history. */
class Run {
  /** Holds placed by commands that went through, plus those placed earlier in the current batch. */
  private readonly holdIds: string[] = [];
  private batchHoldIds: string[] = [];
  private readonly history: LedgerOp[] = [];
  constructor(readonly users: string[]) {}

  done(ops: LedgerOp[], outcome: Outcome): void {
    if (outcome.ok) this.holdIds.push(...this.batchHoldIds);
    this.batchHoldIds = [];
    this.history.push(...ops);
  }

  op(step: Step): LedgerOp {
    const id = randomUUID();
    switch (step.t) {
      case 'deposit':
        return transfer(step, { system: 'external_world' }, this.customer(step.user, 0), 'deposit');
      case 'move':
        return transfer(
          step,
          this.customer(step.from, step.fromKind),
          this.customer(step.to, step.toKind),
          'internal_transfer',
        );
      case 'house': {
        const [customer, house] = [this.customer(step.user, 0), { system: HOUSE_KINDS[step.house]! }];
        return step.inward
          ? transfer(step, customer, house, 'trade_fee')
          : transfer(step, house, customer, 'trade_fee');
      }
      case 'hold':
        this.batchHoldIds.push(id);
        return {
          op: 'hold',
          id,
          owner: this.users[step.user]!,
          asset: ASSETS[step.asset]!,
          amount: step.amount,
          code: 'order_hold',
        };
      case 'post': {
        const credit = step.toKind === 3 ? { system: 'fees' as const } : this.customer(step.to, step.toKind);
        return { op: 'post', id, holdId: this.holdRef(step.hold), credit, amount: step.amount, code: 'trade' };
      }
      case 'void':
        return { op: 'void', holdId: this.holdRef(step.hold) };
      case 'again':
        return this.again(step.previous, step.change);
    }
  }

  private again(previous: number, change: boolean): LedgerOp {
    const prior = this.history.length > 0 ? this.history[previous % this.history.length]! : undefined;
    if (!prior) return { op: 'void', holdId: randomUUID() };
    if (!change || prior.op === 'void') return prior;
    return { ...prior, amount: prior.amount + 1n };
  }

  private customer(index: number, kind: number): AccountRef {
    return { owner: this.users[index]!, kind: CUSTOMER_KINDS[kind]! };
  }

  /** Mostly one of this run's holds; sometimes one that does not exist. */
  private holdRef(index: number): string {
    const known = [...this.holdIds, ...this.batchHoldIds];
    return known.length === 0 || index === 15 ? randomUUID() : known[index % known.length]!;
  }
}

async function applyToDatabase(ops: LedgerOp[]): Promise<Outcome> {
  try {
    const results = await ledger.apply(database.db, ops);
    return { ok: true, results: results.map((r) => ({ status: r.status, amount: r.amount })) };
  } catch (error) {
    if (!(error instanceof LedgerError)) throw error;
    return { ok: false, code: error.code, index: error.index ?? -1 };
  }
}

/**
 * Every account of this run's customers and of the house in the run's assets. The model keeps a
 * customer's held amount in a held account; the database reserves it in the available one (ADR
 * 0063): its spendable part is the model's available account, its reservation the model's held one.
 */
async function databaseBalances(users: string[]): Promise<Map<string, bigint>> {
  const { rows } = await database.pool.query<{
    owner_id: string | null;
    asset: string;
    kind: string;
    balance: string;
    held: string;
  }>(
    `SELECT owner_id, asset, kind, balance::text, held::text FROM ledger_accounts
      WHERE (owner_id = ANY ($1::uuid[]) OR owner_id IS NULL) AND asset = ANY ($2::text[])`,
    [users, ASSETS],
  );
  const balances = new Map<string, bigint>();
  const add = (key: string, amount: bigint) => balances.set(key, (balances.get(key) ?? 0n) + amount);
  for (const r of rows) {
    add(accountKey(r.owner_id, r.asset, r.kind), BigInt(r.balance) - BigInt(r.held));
    if (r.kind === 'available') add(accountKey(r.owner_id, r.asset, 'held'), BigInt(r.held));
  }
  return balances;
}

async function runCommands(commands: Step[][]): Promise<void> {
  const users = [
    await createTestCustomer(database.db),
    await createTestCustomer(database.db),
    await createTestCustomer(database.db),
  ];
  const model = new LedgerModel();
  // House accounts carry over from earlier runs: the model starts from what they hold now.
  for (const [key, balance] of await databaseBalances(users)) model.balances.set(key, balance);
  const run = new Run(users);
  // Every customer starts with some of each asset, so that most commands have money to move.
  const funding: Step[][] = users.flatMap((_, u) =>
    ASSETS.map((_a, a) => [{ t: 'deposit' as const, user: u, asset: a, amount: 200n }]),
  );
  for (const [index, steps] of [...funding, ...commands].entries()) {
    const ops = steps.map((step) => run.op(step));
    const expected = model.apply(ops);
    const actual = await applyToDatabase(ops);
    expect(
      actual,
      `command ${index}: ${JSON.stringify(ops, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))}`,
    ).toEqual(expected);
    run.done(ops, actual);
  }
  const stored = await databaseBalances(users);
  for (const key of new Set([...stored.keys(), ...model.balances.keys()])) {
    expect(stored.get(key) ?? 0n, key).toBe(model.balances.get(key) ?? 0n);
  }
  for (const [id, hold] of model.holds) {
    const row = await ledger.getHold(database.db, id);
    expect(row && { status: row.status, posted: row.postedAmount, voided: row.voidedAmount }).toEqual({
      status: hold.status,
      posted: hold.posted,
      voided: hold.voided,
    });
  }
  expect(await checkLedgerInvariants(database.db)).toEqual([]);
}

describe('ledger properties', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  it('matches the reference model and keeps every invariant over random command sequences', async () => {
    const property = fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 40, size: 'max' }), runCommands);
    try {
      await fc.assert(property, { seed, numRuns: 30 });
    } catch (error) {
      const replay = `Replay with: TEST_SEED=${seed} npx vitest run --project node packages/ledger/src/property.test.ts`;
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${replay}`, { cause: error });
    }
  }, 120_000);
});
