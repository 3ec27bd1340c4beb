// `npm run bench:finance:stakes`: one day of staking accrual for 100,000 stakes on a real PostgreSQL
// (a throwaway embedded server, or a throwaway database on DATABASE_URL's server), migrated with the
// staking functions. Setup (untimed): 20,000 customers with five stakes each, staked through the
// ledger, a funded rewards pool, and every stake one day old. Timed: a same-run baseline (a plain
// INSERT ... SELECT of as many rows into a table shaped like stake_accruals), then the accrual the
// job runs (staking_accrue in batches, one transaction each, until nothing is due), then a second
// run that must find nothing (each stake accrues a day once). Then every ledger invariant.
// Options: --stakes N (100,000), --batch N (stakes per transaction, 5,000).
import { sql } from 'drizzle-orm';
import { connectDatabase, migrate, type Db } from '@rora/db';
import { assertLedgerInvariants } from '@rora/ledger';
import { startBenchDatabase } from './bench-database.ts';

const STAKES_PER_CUSTOMER = 5;
const SETUP_BATCH = 5_000;
const PRINCIPAL = 1_000_000_000n; // 1,000 USDT
const APY_BPS = 1_200;
const TERM_DAYS = 90;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const parsed = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} must be a positive integer`);
  return parsed;
}

/** Customers, funded; stakes one day old on a bench plan, their principal moved by `stake` transfers. */
async function setUp(db: Db, stakes: number): Promise<void> {
  const customers = Math.ceil(stakes / STAKES_PER_CUSTOMER);
  const reward = (PRINCIPAL * BigInt(APY_BPS) * BigInt(TERM_DAYS)) / 3_650_000n;
  await db.execute(sql`INSERT INTO users (email, password_hash)
    SELECT 'bench-' || g || '@example.com', 'x' FROM generate_series(1, ${customers}) g`);
  await db.execute(sql`INSERT INTO staking_plans (id, asset, apy_bps, lock_days, min_amount, max_amount, capacity,
      staked_total, sort_order)
    VALUES ('bench-90', 'USDT', ${APY_BPS}, ${TERM_DAYS}, 1, ${PRINCIPAL.toString()},
      ${(PRINCIPAL * BigInt(stakes)).toString()}, ${(PRINCIPAL * BigInt(stakes)).toString()}, 1000)`);
  await db.execute(sql`INSERT INTO stakes (id, user_id, plan_id, asset, principal, apy_bps, flexible, term_days,
      start_day, end_day, accrued_through, reserved, status, created_at)
    SELECT gen_random_uuid(), u.id, 'bench-90', 'USDT', ${PRINCIPAL.toString()}::numeric, ${APY_BPS}::int, false,
      ${TERM_DAYS}::int, current_date - 1, current_date - 1 + ${TERM_DAYS}::int, current_date - 1,
      ${reward.toString()}::numeric, 'active', now() - interval '1 day'
    FROM users u CROSS JOIN generate_series(1, ${STAKES_PER_CUSTOMER}) g WHERE u.email LIKE 'bench-%'
    LIMIT ${stakes}::int`);
  await db.execute(
    sql`UPDATE staking_pools SET reserved = ${(reward * BigInt(stakes)).toString()} WHERE asset = 'USDT'`,
  );
  await applyOps(
    db,
    sql`SELECT jsonb_build_object('op', 'transfer', 'id', gen_random_uuid(), 'asset', 'USDT',
      'debit_owner', NULL, 'debit_kind', 'external_world', 'credit_owner', NULL, 'credit_kind', 'staking_rewards',
      'amount', ${(reward * BigInt(stakes)).toString()}::text, 'code', 'house_funding') AS op`,
  );
  await applyOps(
    db,
    sql`SELECT jsonb_build_object('op', 'transfer', 'id', gen_random_uuid(), 'asset', 'USDT',
      'debit_owner', NULL, 'debit_kind', 'external_world', 'credit_owner', u.id, 'credit_kind', 'available',
      'amount', (${PRINCIPAL.toString()}::numeric * ${STAKES_PER_CUSTOMER})::text, 'code', 'deposit') AS op
      FROM users u WHERE u.email LIKE 'bench-%'`,
  );
  await applyOps(
    db,
    sql`SELECT jsonb_build_object('op', 'transfer', 'id', s.id, 'asset', 'USDT',
      'debit_owner', s.user_id, 'debit_kind', 'available', 'credit_owner', s.user_id, 'credit_kind', 'staked',
      'amount', s.principal::text, 'code', 'stake') AS op FROM stakes s WHERE s.plan_id = 'bench-90'`,
  );
  // A live database has statistics (autovacuum); a table filled a moment ago does not.
  await db.execute(sql`ANALYZE stakes`);
  await db.execute(sql`ANALYZE stake_accruals`);
}

/** Runs the operations a query returns (one `op` column) through ledger_apply, SETUP_BATCH at a time. */
async function applyOps(db: Db, query: ReturnType<typeof sql>): Promise<void> {
  const { rows } = await db.execute<{ op: object }>(query);
  for (let start = 0; start < rows.length; start += SETUP_BATCH) {
    const ops = JSON.stringify(rows.slice(start, start + SETUP_BATCH).map((row) => row.op));
    await db.execute(sql`SELECT ledger_apply_or_raise(${ops}::jsonb)`);
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = process.hrtime.bigint();
  const value = await work();
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, value };
}

async function accrueAll(db: Db, batch: number): Promise<{ stakes: number; transactions: number }> {
  let [stakes, transactions] = [0, 0];
  for (;;) {
    const { rows } = await db.execute<{ result: { stakes: number } }>(
      sql`SELECT staking_accrue(current_date, ${batch}) AS result`,
    );
    const done = rows[0]!.result.stakes;
    if (done === 0) return { stakes, transactions };
    stakes += done;
    transactions += 1;
  }
}

async function main(): Promise<void> {
  const stakes = option('stakes', 100_000);
  const batch = option('batch', 5_000);
  const database = await startBenchDatabase('rora_bench_stakes');
  const connection = connectDatabase(database.url, { max: 2 });
  try {
    await migrate(connection.pool);
    const setup = await timed(() => setUp(connection.db, stakes));
    console.log(
      `setup: ${stakes} stakes of ${Math.ceil(stakes / STAKES_PER_CUSTOMER)} customers in ${setup.seconds.toFixed(1)} s`,
    );
    await connection.db.execute(sql`CREATE TABLE bench_baseline (stake_id uuid, day date, amount numeric(78, 0),
      PRIMARY KEY (stake_id, day))`);
    const baseline = await timed(() =>
      connection.db.execute(sql`INSERT INTO bench_baseline SELECT id, current_date, principal / 1000 FROM stakes`),
    );
    const accrual = await timed(() => accrueAll(connection.db, batch));
    const again = await timed(() => accrueAll(connection.db, batch));
    const { rows } = await connection.db.execute<{ accruals: string; paid: string }>(
      sql`SELECT count(*)::text AS accruals, coalesce(sum(amount), 0)::text AS paid FROM stake_accruals`,
    );
    const ratio = accrual.seconds / baseline.seconds;
    console.log(`baseline: INSERT ... SELECT of ${stakes} rows in ${baseline.seconds.toFixed(2)} s`);
    console.log(
      `accrual: ${accrual.value.stakes} stakes in ${accrual.value.transactions} transactions of up to ${batch}: ` +
        `${accrual.seconds.toFixed(2)} s (${ratio.toFixed(1)} × baseline, ${Math.round(stakes / accrual.seconds)} stakes/s)`,
    );
    console.log(`second run for the same day: ${again.value.stakes} stakes in ${again.seconds.toFixed(2)} s`);
    console.log(`accrual rows: ${rows[0]!.accruals}, rewards paid: ${rows[0]!.paid} USDT minor units`);
    if (accrual.value.stakes !== stakes || again.value.stakes !== 0 || Number(rows[0]!.accruals) !== stakes) {
      throw new Error('each stake must accrue its day exactly once');
    }
    await assertLedgerInvariants(connection.db);
    console.log('ledger check: every invariant holds');
  } finally {
    await connection.close();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
