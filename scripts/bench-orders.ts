// `npm run bench:orders`: the order path over HTTP as a deployment runs it. The real server runs in a
// child process (scripts/bench-orders/server.ts: logging at info, the job worker and the market
// maker on) on a throwaway embedded PostgreSQL, or a fresh database on DATABASE_URL's server.
// 100,000 funded, approved customers with sessions; each request comes from one drawn at random, so
// most find no cached session. WebSocket subscribers follow the markets. Per run it measures:
//   1. a baseline at the same concurrency: POST /bench/baseline (authenticate, insert one row, commit);
//   2. the order mix: 60 % limit orders around the live mid (a fifth cross), 10 % market orders,
//      30 % cancels of orders left open;
// and prints requests/s, latency percentiles, server and database CPU per request, the ratio of
// the two, and the targets. The two alternate in --slices slices (baseline, orders, baseline, ...),
// so a machine whose speed drifts within minutes (these do) drifts under both alike. Then it checks
// the ledger's invariants, every order's hold against its fills, and each book in memory against the
// database.
// Options: --seconds N (10 per phase, in all), --slices N (3), --clients N (80), --customers N (100000), --markets N (2),
// --subscribers N (100), --shards N (1: market shards in the server, the markets dealt round them,
// ADR 0046). BENCH_LOG_LEVEL, BENCH_WORKER=off, BENCH_MARKET_MAKER=off change the server;
// BENCH_CPU_PROFILE=<dir> writes its CPU profile there.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { connectDatabase, migrate, type Database } from '@rora/db';
import { assertLedgerInvariants } from '@rora/ledger';
import { SERVER_NODE_FLAGS } from '../apps/api/src/modules/orders/testing/server-child.ts';
import { createCustomers } from './bench-orders/customers.ts';
import { cpuBetween, cpuMinus, cpuPlus, cpuSnapshot, postgresPids, processCpuMs } from './bench-orders/cpu.ts';
import { report, verdicts, type Phase, type SlicePair } from './bench-orders/report.ts';
import { connectSubscribers } from './bench-orders/subscribers.ts';
import { awaitBooks, BASELINE_TABLE, marketsFor, refreshMids, Workload, type Result } from './bench-orders/workload.ts';
import {
  rowsAdded,
  rowsBetween,
  settle,
  tableRows,
  walAdded,
  walBetween,
  walSoFar,
  type TableRows,
  type Wal,
} from './bench-orders/table-rows.ts';
import { startBenchDatabase } from './bench-database.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

interface Options {
  seconds: number;
  slices: number;
  clients: number;
  customers: number;
  markets: number;
  subscribers: number;
  shards: number;
}

function readOptions(argv: string[]): Options {
  const value = (name: string, fallback: number) => {
    const at = argv.indexOf(`--${name}`);
    const parsed = at >= 0 ? Number(argv[at + 1]) : fallback;
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} must be a positive integer`);
    return parsed;
  };
  return {
    seconds: value('seconds', 10),
    slices: value('slices', 3),
    clients: value('clients', 80),
    customers: value('customers', 100_000),
    markets: value('markets', 2),
    subscribers: value('subscribers', 100),
    shards: value('shards', 1),
  };
}

/** The server child; its stdout (the JSON log) is read up to READY, then only counted. */
function startServer(
  url: string,
  shards: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; baseUrl: string; logBytes: () => number }> {
  const entry = path.join(here, 'bench-orders', 'server.ts');
  const dataDir = path.join(os.tmpdir(), `rora-bench-orders-${process.pid}`);
  const dir = process.env.BENCH_CPU_PROFILE;
  const profile = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, '--import', 'tsx', entry], {
    env: { ...process.env, ...shards, DATABASE_URL: url, RORA_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let [head, bytes] = ['', 0];
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (head === null) return;
      head += chunk.toString();
      const match = /READY (\S+)\n/.exec(head);
      if (match) resolve({ child, baseUrl: match[1]!, logBytes: () => bytes });
      if (match || head.length > 1e6) head = null as unknown as string;
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before READY`)));
  });
}

interface RunContext {
  client: Pool;
  serverPid: number;
  dbPids: () => Promise<number[]>;
}

/** Runs `clients` loops of `operation` for `seconds`, measuring server and database CPU. */
async function run(
  context: RunContext,
  options: { seconds: number; clients: number },
  operation: (client: Pool) => Promise<Result>,
): Promise<Phase> {
  const results: Result[] = [];
  const [server0, db0] = [processCpuMs(context.serverPid), cpuSnapshot(await context.dbPids())];
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (performance.now() < deadline) results.push(await operation(context.client));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const [server1, db1] = [processCpuMs(context.serverPid), cpuSnapshot(await context.dbPids())];
  return { results, elapsed, serverCpu: cpuMinus(server1, server0), dbCpu: cpuBetween(db0, db1) };
}

const joined = (a: Phase, b: Phase): Phase => ({
  results: [...a.results, ...b.results],
  elapsed: a.elapsed + b.elapsed,
  serverCpu: cpuPlus(a.serverCpu, b.serverCpu),
  dbCpu: cpuPlus(a.dbCpu, b.dbCpu),
});

interface Measured {
  slices: SlicePair[];
  baseline: Phase;
  orders: Phase;
  fills: number;
  written: TableRows;
  wal: Wal;
}

/** Two runs' measures as one: the slices side by side, everything else added. */
const combined = (a: Measured, b: Measured): Measured => ({
  slices: [...a.slices, ...b.slices],
  baseline: joined(a.baseline, b.baseline),
  orders: joined(a.orders, b.orders),
  fills: a.fills + b.fills,
  written: rowsAdded(a.written, b.written),
  wal: walAdded(a.wal, b.wal),
});

/**
 * The baseline and the orders in alternate slices; rows, WAL and fills counted around each orders
 * slice, after a pause (`settle`) so every backend has reported the slice before.
 */
async function measure(
  context: RunContext,
  options: Options,
  workload: Workload,
  database: Database,
): Promise<Measured> {
  const slice = { clients: options.clients, seconds: options.seconds / options.slices };
  const fillCount = async () =>
    Number((await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM order_fills')).rows[0]!.n);
  const slices: Measured[] = [];
  for (let index = 0; index < options.slices; index += 1) {
    const baseline = await run(context, slice, (pool) => workload.baseline(pool));
    await settle();
    const [rows0, wal0, fills0] = [
      await tableRows(database.pool, BASELINE_TABLE),
      await walSoFar(database.pool),
      await fillCount(),
    ];
    const orders = await run(context, slice, (pool) => workload.next(pool));
    const fills = (await fillCount()) - fills0;
    await settle();
    const written = rowsBetween(rows0, await tableRows(database.pool, BASELINE_TABLE));
    const wal = walBetween(wal0, await walSoFar(database.pool));
    slices.push({ slices: [{ baseline, orders }], baseline, orders, fills, written, wal });
  }
  return slices.reduce(combined);
}

async function verify(database: Database, baseUrl: string, symbols: string[]): Promise<void> {
  await assertLedgerInvariants(database.db);
  const { rows } = await database.pool.query<{ count: string }>(`
    SELECT count(*) AS count FROM orders o JOIN ledger_holds h ON h.id = o.id
     WHERE (o.status IN ('open', 'partially_filled') AND (h.status <> 'pending' OR h.amount - h.posted_amount - h.voided_amount
            <> o.hold_amount - CASE WHEN o.side = 'buy' THEN o.filled_notional ELSE o.filled_quantity END))
        OR (o.status IN ('filled', 'cancelled') AND h.status = 'pending')`);
  if (Number(rows[0]?.count) !== 0) throw new Error(`${rows[0]?.count} orders disagree with their holds`);
  for (const symbol of symbols) {
    const response = await fetch(`${baseUrl}/api/v1/dev/markets/book?symbol=${symbol}`);
    const audit = ((await response.json()) as { data: { equal: boolean; lit: number; differences: string[] } }).data;
    if (!audit.equal) throw new Error(`${symbol} book differs from the database: ${audit.differences[0]}`);
    console.log(`  ${symbol} book in memory equals the database (${audit.lit} open orders)`);
  }
  console.log('  ledger invariants hold; every open order holds exactly what it has not spent');
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const markets = marketsFor(options.markets);
  const store = await startBenchDatabase('rora_bench_orders');
  const database = connectDatabase(store.url, { max: 4 });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await migrate(database.pool);
    await database.pool.query(
      `CREATE TABLE ${BASELINE_TABLE} (id bigserial PRIMARY KEY, user_id uuid NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    const setupStarted = performance.now();
    const customers = await createCustomers(database, options.customers);
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    // The benchmark's markets dealt round the shards, so each shard has its share of the flow.
    const marketShards = markets.map((market, index) => `${market.symbol}:${index % options.shards}`).join(',');
    server = await startServer(store.url, { ORDER_SHARDS: String(options.shards), MARKET_SHARDS: marketShards });
    const client = new Pool(server.baseUrl, { connections: options.clients + 2, pipelining: 1 });
    const subscribers = await connectSubscribers(
      server.baseUrl,
      customers.slice(0, options.subscribers),
      markets.map((market) => market.symbol),
    );
    const { rows } = await database.pool.query<{ server_version: string }>('SHOW server_version');
    const where = process.env.DATABASE_URL ? 'the DATABASE_URL server' : 'embedded';
    console.log(
      `bench:orders on PostgreSQL ${rows[0]?.server_version} (${where}), ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}\n` +
        `  ${options.clients} HTTP clients, ${options.customers.toLocaleString('en-US')} customers (set up in ${setupSeconds.toFixed(1)} s), ` +
        `${options.markets} markets on ${options.shards} shard(s), ${options.subscribers} WebSocket subscribers, ${options.seconds} s per phase in ${options.slices} alternating slices; ` +
        `server: log ${process.env.BENCH_LOG_LEVEL ?? 'info'}, worker ${process.env.BENCH_WORKER ?? 'on'}, market maker ${process.env.BENCH_MARKET_MAKER ?? 'on'}`,
    );
    const workload = new Workload(customers, markets);
    const refresher = setInterval(() => void refreshMids(client, markets).catch(() => undefined), 500);
    await awaitBooks(client, markets);
    const dbPids = () => postgresPids(database.pool, !process.env.DATABASE_URL);
    const context = { client, serverPid: server.child.pid!, dbPids };
    // Both warmed before the first slice (code compiled, pages read): a cold first baseline slice
    // ran 30 % below the later ones and made that slice's ratio the odd one out.
    await run(context, { ...options, seconds: 3 }, (pool) => workload.next(pool));
    await run(context, { ...options, seconds: 3 }, (pool) => workload.baseline(pool));
    const { slices, baseline, orders, fills, written, wal } = await measure(context, options, workload, database);
    clearInterval(refresher);
    const socketMessages = subscribers.messages();
    report({ baseline, orders, fills, written, wal, socketMessages, logBytes: server.logBytes(), slices });
    verdicts(baseline, orders);
    subscribers.close();
    await client.close();
    await verify(
      database,
      server.baseUrl,
      markets.map((market) => market.symbol),
    );
  } finally {
    if (server) {
      const exited = new Promise((resolve) => server!.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    await database.close();
    await store.stop();
  }
}

await main();
