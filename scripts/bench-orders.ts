// `npm run bench:orders`: orders placed over HTTP by many concurrent clients against the real server
// (a child process: startServer on a throwaway embedded PostgreSQL, or a fresh database on
// DATABASE_URL's server), crossing limit orders on BTC/USDT and ETH/USDT from funded, approved
// customers. Prints orders/s accepted (201) and fills/s settled, latency percentiles, refusals by
// code; then checks the ledger's invariants, every order's hold against its fills, and each book in
// memory against the database. Options: --seconds N (10), --clients N (80), --customers N (400).
// Each client has one request in flight, so orders/s is clients / latency: 80 clients are what
// 3,000 orders/s at a median near 25 ms (p99 under 50 ms) takes.
// Diagnostics: BENCH_PROBE=refused sends orders the service refuses after sign-in and the
// Idempotency-Key claim (the cost of a request before the order flow); BENCH_CPU_PROFILE=<dir> writes
// the server's CPU profile there.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Pool } from 'undici';
import { connectDatabase, migrate, type Database } from '@rora/db';
import { assertLedgerInvariants } from '@rora/ledger';
import {
  insertFundedCustomer,
  startServerChild,
  type Deposit,
  type ServerChild,
} from '../apps/api/src/modules/orders/testing/server-child.ts';
import { startBenchDatabase } from './bench-database.ts';

interface Options {
  seconds: number;
  clients: number;
  customers: number;
}

function readOptions(argv: string[]): Options {
  const value = (name: string, fallback: number) => {
    const at = argv.indexOf(`--${name}`);
    const parsed = at >= 0 ? Number(argv[at + 1]) : fallback;
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} must be a positive integer`);
    return parsed;
  };
  return { seconds: value('seconds', 10), clients: value('clients', 80), customers: value('customers', 400) };
}

function startServer(url: string): Promise<ServerChild> {
  const profile = process.env.BENCH_CPU_PROFILE
    ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  return startServerChild({ databaseUrl: url, entry: process.env.BENCH_SERVER, nodeArgs: profile, stderr: 'inherit' });
}

/** Each customer's starting money, in minor units. */
const DEPOSITS: readonly Deposit[] = [
  { asset: 'USDT', amount: 10_000_000n * 10n ** 6n },
  { asset: 'BTC', amount: 100n * 10n ** 8n },
  { asset: 'ETH', amount: 2_000n * 10n ** 18n },
];

/** Approved customers with sessions and money, written straight to the database (fast setup). */
async function createCustomers(database: Database, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const { token } = await insertFundedCustomer(database, {
      emailPrefix: `bench-orders-${index}`,
      deposits: DEPOSITS,
    });
    tokens.push(token);
  }
  return tokens;
}

const MARKETS = [
  { symbol: 'BTC/USDT', mid: 60_000, tick: 0.1, amounts: ['0.001', '0.002', '0.005'] },
  { symbol: 'ETH/USDT', mid: 3_000, tick: 0.01, amounts: ['0.01', '0.02', '0.05'] },
];

/** A limit order near the middle: about a third cross the other side and trade. */
function randomOrder(): Record<string, string> {
  // BENCH_PROBE=refused: an order the service refuses after sign-in and the Idempotency-Key claim
  // (a price off the tick), to measure what every request costs before the order flow.
  if (process.env.BENCH_PROBE === 'refused') return { symbol: 'BTC/USDT', side: 'buy', price: '100.05', amount: '1' };
  const market = MARKETS[Math.floor(Math.random() * MARKETS.length)]!;
  const side = Math.random() < 0.5 ? 'buy' : 'sell';
  const offsetTicks = Math.floor(Math.random() * 30) - 10;
  const ticks = Math.round(market.mid / market.tick) + (side === 'buy' ? -offsetTicks : offsetTicks);
  const decimals = market.tick === 0.1 ? 1 : 2;
  const price = (ticks / 10 ** decimals).toFixed(decimals);
  const amount = market.amounts[Math.floor(Math.random() * market.amounts.length)]!;
  return { symbol: market.symbol, side, price, amount };
}

interface Result {
  status: number;
  ms: number;
  code?: string;
}

async function post(client: Pool, token: string, body: object): Promise<Result> {
  const started = performance.now();
  try {
    const response = await client.request({
      path: '/api/v1/order',
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': randomUUID(),
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const text = await response.body.text();
    const status = response.statusCode;
    const code = status >= 400 ? (/"code":"([a-z_]+)"/.exec(text)?.[1] ?? 'unknown') : undefined;
    return { status, ms: performance.now() - started, code };
  } catch {
    return { status: 0, ms: performance.now() - started, code: 'network_error' };
  }
}

/** Each client keeps one keep-alive connection with one request in flight (undici: a lean client). */
async function load(
  baseUrl: string,
  tokens: string[],
  options: Options,
): Promise<{ results: Result[]; elapsed: number }> {
  const client = new Pool(baseUrl, { connections: options.clients, pipelining: 1 });
  const results: Result[] = [];
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.clients }, async (_, index) => {
      for (let next = index; performance.now() < deadline; next += options.clients) {
        results.push(await post(client, tokens[next % tokens.length]!, randomOrder()));
      }
    }),
  );
  await client.close();
  return { results, elapsed: (performance.now() - started) / 1000 };
}

function report(results: Result[], elapsed: number, fills: number): void {
  const accepted = results.filter((result) => result.status === 201);
  const latencies = results.map((result) => result.ms).sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  const refusals = new Map<string, number>();
  for (const result of results) if (result.code) refusals.set(result.code, (refusals.get(result.code) ?? 0) + 1);
  const rate = (count: number) => Math.round(count / elapsed).toLocaleString('en-US');
  console.log(
    `  requests      ${results.length.toLocaleString('en-US')} in ${elapsed.toFixed(1)} s (${rate(results.length)}/s)`,
  );
  console.log(`  accepted      ${rate(accepted.length)} orders/s (201, committed with their fills)`);
  console.log(`  settled       ${rate(fills)} fills/s (${fills.toLocaleString('en-US')} trades)`);
  console.log(`  latency       p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`);
  console.log(`  refused       ${[...refusals].map(([code, count]) => `${code} ${count}`).join(', ') || 'none'}`);
}

async function verify(database: Database, baseUrl: string): Promise<void> {
  await assertLedgerInvariants(database.db);
  const { rows } = await database.pool.query<{ count: string }>(`
    SELECT count(*) AS count FROM orders o JOIN ledger_holds h ON h.id = o.id
     WHERE (o.status IN ('open', 'partially_filled') AND (h.status <> 'pending' OR h.amount - h.posted_amount - h.voided_amount
            <> o.hold_amount - CASE WHEN o.side = 'buy' THEN o.filled_notional ELSE o.filled_quantity END))
        OR (o.status IN ('filled', 'cancelled') AND h.status = 'pending')`);
  if (Number(rows[0]?.count) !== 0) throw new Error(`${rows[0]?.count} orders disagree with their holds`);
  for (const market of MARKETS) {
    const response = await fetch(`${baseUrl}/api/v1/dev/markets/book?symbol=${market.symbol}`);
    const audit = ((await response.json()) as { data: { equal: boolean; lit: number; differences: string[] } }).data;
    if (!audit.equal) throw new Error(`${market.symbol} book differs from the database: ${audit.differences[0]}`);
    console.log(`  ${market.symbol} book in memory equals the database (${audit.lit} open orders)`);
  }
  console.log('  ledger invariants hold; every open order holds exactly what it has not spent');
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const store = await startBenchDatabase('rora_bench_orders');
  const database = connectDatabase(store.url, { max: 4 });
  let server: ServerChild | undefined;
  try {
    await migrate(database.pool);
    const tokens = await createCustomers(database, options.customers);
    server = await startServer(store.url);
    const { rows } = await database.pool.query<{ server_version: string }>('SHOW server_version');
    console.log(
      `bench:orders on PostgreSQL ${rows[0]?.server_version}, ${os.cpus().length} cores, Node ${process.version}; ` +
        `${options.clients} HTTP clients, ${options.customers} customers, ${options.seconds} s`,
    );
    await load(server.baseUrl, tokens, { ...options, seconds: 2 });
    const before = await database.pool.query<{ count: string }>('SELECT count(*) AS count FROM order_fills');
    const { results, elapsed } = await load(server.baseUrl, tokens, options);
    const after = await database.pool.query<{ count: string }>('SELECT count(*) AS count FROM order_fills');
    report(results, elapsed, Number(after.rows[0]!.count) - Number(before.rows[0]!.count));
    await verify(database, server.baseUrl);
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
