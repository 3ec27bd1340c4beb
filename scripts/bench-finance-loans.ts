// `npm run bench:finance:loans`: the lending risk sweep over 100,000 active loans on a real
// PostgreSQL (embedded, or a throwaway database on DATABASE_URL's server). 1,000 borrowers and
// 1,000 lenders, every loan's collateral really in its borrower's escrow (ledger transfers), about
// one loan in 500 past a level at the sweep's prices. Prints, from the same run: the baseline (a
// plain scan of the loans table), the set-based LTV pass alone, and the whole sweep (that pass, then
// one transaction per loan that must act); then the ledger check. Options: --loans N (100000).
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { connectDatabase, migrate, type Database } from '@rora/db';
import { assertLedgerInvariants, createLedger } from '@rora/ledger';
import { loadConfig } from '../apps/api/src/config.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { createLendingModule, riskCandidates } from '../apps/api/src/modules/lending/index.ts';
import { createMessaging } from '../apps/api/src/modules/messaging/index.ts';
import { createNotificationService } from '../apps/api/src/modules/notifications/notifications.service.ts';
import { createInProcessEventBus } from '../apps/api/src/modules/realtime/event-bus.ts';
import { startBenchDatabase } from './bench-database.ts';

const CUSTOMERS = 1_000;
const PRINCIPAL = 1_000_000_000n; // 1,000 USDT
/** A steady feed: the catalogue's reference prices (US dollars per whole coin). */
const FEED: Record<string, string> = { BTC: '65000', USDT: '1' };

function loansOption(argv: string[]): number {
  const at = argv.indexOf('--loans');
  const value = at >= 0 ? Number(argv[at + 1]) : 100_000;
  if (!Number.isInteger(value) || value < CUSTOMERS) throw new Error(`--loans must be an integer >= ${CUSTOMERS}`);
  return value;
}

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = process.hrtime.bigint();
  const value = await work();
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, value };
}

/** Borrowers and lenders, and `loans` active loans: 0.025 BTC against 1,000 USDT, one in 500 at 0.0170 (LTV 90.6 %). */
async function seedLoans(database: Database, loans: number): Promise<void> {
  const { pool, db } = database;
  await pool.query(`INSERT INTO users (email, password_hash)
    SELECT 'bench-' || role || '-' || n || '@example.test', 'bench-only'
      FROM generate_series(1, ${CUSTOMERS}) n, (VALUES ('borrower'), ('lender')) r(role)`);
  await pool.query(`
    INSERT INTO loans (id, borrower_id, lender_id, asset, principal, rate_bps, term_days, collateral_asset, collateral,
                       status, initial_ltv_bps, created_at, funded_at, due_at)
    SELECT gen_random_uuid(), b.id, l.id, 'USDT', ${PRINCIPAL}, 800 + (i % 400), 30, 'BTC',
           CASE WHEN i % 500 = 0 THEN 1700000 ELSE 2500000 + (i % 1000) * 1000 END,
           'active', 6000, now() - interval '3 days', now() - interval '3 days', now() + interval '27 days'
      FROM generate_series(1, ${loans}) i
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM users WHERE email LIKE 'bench-borrower-%') b
        ON b.k = i % ${CUSTOMERS}
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM users WHERE email LIKE 'bench-lender-%') l
        ON l.k = i % ${CUSTOMERS}`);
  // The money behind them: each borrower's collateral deposited and moved into escrow, each lender's principal lent.
  const { rows } = await pool.query<{ borrower_id: string; lender_id: string; collateral: string; principal: string }>(`
    SELECT borrower_id, min(lender_id::text) AS lender_id, sum(collateral)::text AS collateral, sum(principal)::text AS principal
      FROM loans GROUP BY borrower_id`);
  const ledger = createLedger();
  for (const row of rows) {
    const [collateral, principal] = [BigInt(row.collateral), BigInt(row.principal)];
    await ledger.apply(db, [
      {
        op: 'transfer',
        id: randomUUID(),
        asset: 'BTC',
        debit: { system: 'external_world' },
        credit: { owner: row.borrower_id, kind: 'available' },
        amount: collateral,
        code: 'deposit',
      },
      {
        op: 'transfer',
        id: randomUUID(),
        asset: 'BTC',
        debit: { owner: row.borrower_id, kind: 'available' },
        credit: { owner: row.borrower_id, kind: 'loan_escrow' },
        amount: collateral,
        code: 'loan_collateral',
      },
      {
        op: 'transfer',
        id: randomUUID(),
        asset: 'USDT',
        debit: { system: 'external_world' },
        credit: { owner: row.lender_id, kind: 'available' },
        amount: principal,
        code: 'deposit',
      },
      {
        op: 'transfer',
        id: randomUUID(),
        asset: 'USDT',
        debit: { owner: row.lender_id, kind: 'available' },
        credit: { owner: row.borrower_id, kind: 'available' },
        amount: principal,
        code: 'loan_funding',
      },
    ]);
  }
  await pool.query('ANALYZE loans');
}

async function main(): Promise<void> {
  const loans = loansOption(process.argv.slice(2));
  const server = await startBenchDatabase('rora_bench_loans');
  const database = connectDatabase(server.url, { max: 4 });
  try {
    await migrate(database.pool);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: server.url });
    const events = createInProcessEventBus();
    const clock = systemClock;
    const lending = createLendingModule({
      config,
      database,
      clock,
      kycGate: { status: async () => 'approved', requireApprovedKyc: async () => undefined },
      notifications: createNotificationService({ db: database.db, clock, events }),
      messaging: createMessaging({ config, database, clock }).messaging,
      events,
      usdPrices: {
        usdPrice: async (asset) => (FEED[asset] ? { usdPrice: FEED[asset], observedAt: clock.now() } : null),
      },
    });
    const seeding = await timed(() => seedLoans(database, loans));
    const { rows } = await database.pool.query<{ server_version: string }>('SHOW server_version');
    console.log(
      `bench:finance:loans on PostgreSQL ${rows[0]?.server_version}, ${os.cpus().length} cores, Node ${process.version}; ` +
        `${loans} active loans seeded in ${seeding.seconds.toFixed(1)} s`,
    );
    const baseline = await timed(() =>
      database.db.execute(sql`SELECT count(*), sum(collateral) FROM loans WHERE status = 'active'`),
    );
    console.log(`baseline: a plain scan of the active loans            ${baseline.seconds.toFixed(3)} s`);
    const prices = new Map(
      Object.entries(FEED).map(([asset, usd]) => [asset, { units: BigInt(usd) * 10n ** 18n, observedAt: clock.now() }]),
    );
    const pass = await timed(() =>
      riskCandidates(database.db, {
        prices,
        now: clock.now(),
        fromLtvBps: lending.settings.marginCallLtvBps - 1,
        settings: lending.settings,
      }),
    );
    console.log(
      `set-based LTV pass over every active loan               ${pass.seconds.toFixed(3)} s (${(pass.seconds / baseline.seconds).toFixed(1)}x the baseline), ${pass.value.length} need a look`,
    );
    const log = {
      warn: (fields: object, message: string) => console.warn(message, fields),
      error: (fields: object, message: string) => console.error(message, fields),
    };
    const sweep = await timed(() => lending.risk.sweep({ log }));
    console.log(
      `whole risk sweep (pass + one transaction per action)    ${sweep.seconds.toFixed(3)} s: ${JSON.stringify(sweep.value)}`,
    );
    console.log(`target: under 10 s on 2 cores: ${sweep.seconds < 10 ? 'met' : 'NOT met'}`);
    const check = await timed(() => assertLedgerInvariants(database.db));
    console.log(`ledger check: passed in ${check.seconds.toFixed(1)} s`);
  } finally {
    await database.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
