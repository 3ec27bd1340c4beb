// `npm run bench:reserves`: an audit snapshot of --customers customers (default 1,000,000) holding
// balances in all 12 assets, on a throwaway embedded PostgreSQL (or a throwaway database on
// DATABASE_URL's server). The rows are generated set-based in SQL (not measured). Prints, from the
// same run: the baseline (one plain scan of the customers' balances, and the per-customer grouping
// the snapshot reads), the snapshot's seconds, this process's peak RSS, the size of one customer's
// proof and the time to verify it with the page's code on WebCrypto. Target on 2 cores: < 60 s, < 1 GB.
import type pg from 'pg';
import { connectDatabase, migrate } from '@rora/db';
import { openBenchBalances } from '@rora/ledger/testing';
import { ASSET_SYMBOLS, assetScale } from '@rora/money';
import { verifyProof } from '@rora/reserves';
import { createAuditModule, type ReserveSource } from '../apps/api/src/modules/audit/index.ts';
import { startBenchDatabase } from './bench-database.ts';

function customersOption(argv: string[]): number {
  const at = argv.indexOf('--customers');
  const value = at >= 0 ? Number(argv[at + 1]) : 1_000_000;
  if (!Number.isInteger(value) || value < 1) throw new Error('--customers must be a positive integer');
  return value;
}

/** Customers and their 12 balances, set-based; the house's external_world account balances each asset. */
async function generate(pool: pg.Pool, customers: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO users (email, password_hash)
       SELECT 'bench-' || i || '@example.test', 'bench-only' FROM generate_series(1, $1) i`,
      [customers],
    );
    // Up to about a thousand whole coins in minor units, so 18-decimal assets go past 64 bits.
    for (const asset of ASSET_SYMBOLS)
      await openBenchBalances(client, asset, 10n ** BigInt(Math.max(0, assetScale(asset) - 3)));
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE ledger_accounts');
  } finally {
    client.release();
  }
}

const noReserves: ReserveSource = { holdings: async () => [], sign: async () => null };

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const customers = customersOption(process.argv.slice(2));
  const database = await startBenchDatabase('rora_bench_reserves');
  const { pool, db, close } = connectDatabase(database.url, { max: 4 });
  const clock = { now: () => new Date() };
  try {
    await migrate(pool);
    console.log(`Generating ${customers.toLocaleString('en')} customers x ${ASSET_SYMBOLS.length} assets…`);
    const generation = await timed(() => generate(pool, customers));
    console.log(`  generated in ${generation.seconds.toFixed(1)} s (not part of the figures)`);

    const scan = await timed(() =>
      pool.query('SELECT count(*), sum(balance) FROM ledger_accounts WHERE owner_id IS NOT NULL'),
    );
    const grouping = await timed(() =>
      pool.query(`SELECT count(*) FROM (SELECT owner_id, string_agg(asset || '=' || balance, ',') FROM ledger_accounts
                   WHERE owner_id IS NOT NULL AND balance > 0 GROUP BY owner_id) per_customer`),
    );
    const audit = createAuditModule({ database: { pool, db, close }, clock, reserves: noReserves });
    const rssBefore = process.memoryUsage().rss;
    const snapshot = await timed(() => audit.snapshot());
    const peakRss = process.resourceUsage().maxRSS * 1024;

    const { rows } = await pool.query<{ owner_id: string }>(
      'SELECT owner_id FROM audit_leaves WHERE snapshot_id = $1 AND position = 0',
      [snapshot.value.id],
    );
    const proof = await timed(() => audit.service.proof(rows[0]!.owner_id, snapshot.value.id));
    const proofBytes = Buffer.byteLength(JSON.stringify(proof.value));
    const verification = await timed(() => verifyProof(proof.value));
    if (!verification.value.ok) throw new Error('the benchmark proof did not verify');

    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `\nbench:reserves — ${customers.toLocaleString('en')} customers, 12 assets, ${snapshot.value.leafCount.toLocaleString('en')} leaves`,
    );
    console.log(`  baseline: plain scan of the balances      ${scan.seconds.toFixed(2)} s`);
    console.log(`  baseline: balances grouped per customer    ${grouping.seconds.toFixed(2)} s`);
    console.log(
      `  snapshot (read, split, hash, write, tree)  ${snapshot.seconds.toFixed(2)} s  = ${(snapshot.seconds / scan.seconds).toFixed(1)} x the plain scan (target < 60 s)`,
    );
    console.log(
      `  peak RSS of this process                   ${mb(peakRss)} (before the snapshot ${mb(rssBefore)}; target < 1 GB)`,
    );
    console.log(
      `  one customer's proof                       ${(proofBytes / 1024).toFixed(1)} kB, served in ${(proof.seconds * 1000).toFixed(0)} ms`,
    );
    console.log(
      `  its verification (WebCrypto, page's code)  ${(verification.seconds * 1000).toFixed(1)} ms, ${verification.value.steps.length} steps`,
    );
  } finally {
    await close();
    await database.stop();
  }
}

await main();
