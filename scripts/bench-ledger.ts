// `npm run bench:ledger`: ledger throughput on this machine, on a real PostgreSQL: a throwaway
// embedded server (or a throwaway database on DATABASE_URL's server), migrated, 200 funded
// customers, then each scenario for --seconds with --concurrency workers, each worker one
// connection. Prints committed transfers per second and per-call latency, then checks every
// invariant. Options: --seconds N (default 5), --concurrency N (default 8).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { connectDatabase, migrate, type Db } from '@rora/db';
import { assertLedgerInvariants, createLedger, isLedgerError, type TransferInput } from '@rora/ledger';
import { startBenchDatabase } from './bench-database.ts';

const ledger = createLedger();
const CUSTOMERS = 200;

interface Options {
  seconds: number;
  concurrency: number;
}

function readOptions(argv: string[]): Options {
  const value = (name: string, fallback: number) => {
    const at = argv.indexOf(`--${name}`);
    const parsed = at >= 0 ? Number(argv[at + 1]) : fallback;
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} must be a positive integer`);
    return parsed;
  };
  return { seconds: value('seconds', 5), concurrency: value('concurrency', 8) };
}

function customerTransfer(customers: string[], amount: bigint): TransferInput {
  const from = customers[Math.floor(Math.random() * customers.length)]!;
  let to = from;
  while (to === from) to = customers[Math.floor(Math.random() * customers.length)]!;
  return {
    id: randomUUID(),
    asset: 'USDT',
    debit: { owner: from, kind: 'available' },
    credit: { owner: to, kind: 'available' },
    amount,
    code: 'internal_transfer',
  };
}

interface Scenario {
  name: string;
  /** One call; returns how many transfers it committed. */
  call(db: Db, customers: string[]): Promise<number>;
}

const SCENARIOS: Scenario[] = [
  {
    // Not the ledger: the machine's ceiling for tiny write transactions, to read the others against.
    name: 'baseline: a one-row INSERT per transaction (no ledger)',
    call: async (db) => {
      await db.execute(sql`INSERT INTO bench_baseline (id) VALUES (${randomUUID()})`);
      return 1;
    },
  },
  {
    name: 'single transfer (1 statement, autocommit)',
    call: async (db, customers) => (await ledger.transfer(db, customerTransfer(customers, 1n)), 1),
  },
  {
    name: 'batch of 10 transfers (transferMany)',
    call: async (db, customers) =>
      (
        await ledger.transferMany(
          db,
          Array.from({ length: 10 }, () => customerTransfer(customers, 1n)),
        )
      ).length,
  },
  {
    name: 'order lifecycle: hold, then post + fee + void in one batch',
    call: async (db, customers) => {
      const { debit, credit } = customerTransfer(customers, 1n);
      const [buyer, seller] = [(debit as { owner: string }).owner, (credit as { owner: string }).owner];
      const holdId = randomUUID();
      await ledger.hold(db, { id: holdId, owner: buyer, asset: 'USDT', amount: 10n, code: 'order_hold' });
      const settle = await ledger.apply(db, [
        {
          op: 'post',
          id: randomUUID(),
          holdId,
          credit: { owner: seller, kind: 'available' },
          amount: 6n,
          code: 'trade',
        },
        { op: 'post', id: randomUUID(), holdId, credit: { system: 'fees' }, amount: 1n, code: 'trade_fee' },
        { op: 'void', holdId },
      ]);
      return 1 + settle.length;
    },
  },
  {
    name: 'hot account: every transfer credits the one fees account',
    call: async (db, customers) => (
      await ledger.transfer(db, { ...customerTransfer(customers, 1n), credit: { system: 'fees' }, code: 'trade_fee' }),
      1
    ),
  },
];

async function runScenario(db: Db, customers: string[], scenario: Scenario, options: Options) {
  const latenciesMs: number[] = [];
  let transfers = 0;
  let refused = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const committed = await scenario.call(db, customers);
          transfers += committed;
        } catch (error) {
          if (!isLedgerError(error)) throw error;
          refused += 1;
        }
        latenciesMs.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latenciesMs.sort((a, b) => a - b);
  const at = (q: number) =>
    latenciesMs[Math.min(latenciesMs.length - 1, Math.floor(q * latenciesMs.length))]!.toFixed(2);
  console.log(scenario.name);
  console.log(
    `  ${Math.round(transfers / elapsed).toLocaleString('en-US')} transfers/s, ` +
      `${Math.round(latenciesMs.length / elapsed).toLocaleString('en-US')} calls/s, ` +
      `latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, refused ${refused}`,
  );
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const server = await startBenchDatabase('rora_bench_ledger');
  const database = connectDatabase(server.url, { max: options.concurrency + 2 });
  try {
    await migrate(database.pool);
    await database.pool.query('CREATE TABLE bench_baseline (id uuid PRIMARY KEY)');
    const customers: string[] = [];
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const { rows } = await database.pool.query<{ id: string }>(
        `INSERT INTO users (email, password_hash) VALUES ($1, 'bench-only') RETURNING id`,
        [`bench-${i}-${randomUUID()}@example.test`],
      );
      customers.push(rows[0]!.id);
    }
    await ledger.transferMany(
      database.db,
      customers.map((owner) => ({
        id: randomUUID(),
        asset: 'USDT',
        debit: { system: 'external_world' },
        credit: { owner, kind: 'available' },
        amount: 10n ** 12n,
        code: 'deposit',
      })),
    );
    const { rows } = await database.pool.query<{ server_version: string }>('SHOW server_version');
    console.log(
      `bench:ledger on PostgreSQL ${rows[0]?.server_version}, ${os.cpus().length} cores, Node ${process.version}; ` +
        `${options.concurrency} workers x ${options.seconds}s per scenario, ${CUSTOMERS} customers`,
    );
    for (const scenario of SCENARIOS) await runScenario(database.db, customers, scenario, options);
    const started = performance.now();
    await assertLedgerInvariants(database.pool);
    console.log(`invariants hold (checked in ${Math.round(performance.now() - started)} ms)`);
  } finally {
    await database.close();
    await server.stop();
  }
}

await main();
