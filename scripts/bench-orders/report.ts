// What `npm run bench:orders` prints: per phase the rate, latency percentiles by kind and CPU per
// request; the orders' rate as a ratio of the same run's baseline; the issue's targets.
import type { CpuMs } from './cpu.ts';
import { totalRows, type TableRows, type Wal } from './table-rows.ts';
import type { Result } from './workload.ts';

export interface Phase {
  results: Result[];
  elapsed: number;
  serverCpu: CpuMs;
  dbCpu: CpuMs;
}

const TARGET = { ordersPerSecond: 3_000, p99Ms: 50, cpuMsPerOrder: 0.3 };
const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function latency(results: Result[]): string {
  const sorted = results.map((result) => result.ms).sort((a, b) => a - b);
  const [p50, p99, p999] = [0.5, 0.99, 0.999].map((q) => percentile(sorted, q).toFixed(1));
  return `p50 ${p50} / p99 ${p99} / p99.9 ${p999} ms`;
}

function ok(phase: Phase): Result[] {
  return phase.results.filter((result) => result.status >= 200 && result.status < 300);
}

function refusals(results: Result[]): string {
  const counts = new Map<string, number>();
  for (const result of results) {
    if (result.code)
      counts.set(`${result.kind} ${result.code}`, (counts.get(`${result.kind} ${result.code}`) ?? 0) + 1);
  }
  return [...counts].map(([code, count]) => `${code} ${count}`).join(', ') || 'none';
}

const perSecond = (phase: Phase) => ok(phase).length / phase.elapsed;

/** A baseline slice and the orders slice after it. */
export interface SlicePair {
  baseline: Phase;
  orders: Phase;
}

const sliceRatio = (pair: SlicePair) => (perSecond(pair.orders) / perSecond(pair.baseline)).toFixed(2);
/** Requests that succeeded, at least one: what the per-request figures divide by. */
const doneIn = (phase: Phase) => Math.max(1, ok(phase).length);
const cpuPer = (phase: Phase) => [phase.serverCpu.total / doneIn(phase), phase.dbCpu.total / doneIn(phase)];
/** Server and database CPU per request, together. */
const cpuPerRequest = (phase: Phase) => cpuPer(phase).reduce((a, b) => a + b, 0);

/** "server 0.6 ms + database 0.7 ms (kernel: 0.2 + 0.3)": the kernel's part is the syscalls'. */
function cpuLine(phase: Phase): string {
  const ms = (value: number) => (value / doneIn(phase)).toFixed(3);
  return (
    `server ${ms(phase.serverCpu.total)} ms + database ${ms(phase.dbCpu.total)} ms ` +
    `(of which in the kernel: ${ms(phase.serverCpu.system)} + ${ms(phase.dbCpu.system)} ms)`
  );
}

/** Rows written per order, in all and by table (the tables with at least 0.05 per order). */
function printRows(written: TableRows, done: number): void {
  const { inserts, updates, hot } = totalRows(written);
  const inPlace = (rows: { updates: number; hot: number }) => number((100 * rows.hot) / Math.max(1, rows.updates));
  console.log(
    `                rows per order: ${(inserts / done).toFixed(2)} inserted, ${(updates / done).toFixed(2)} updated ` +
      `(${inPlace({ updates, hot })} % of updates in place)`,
  );
  const tables = [...written]
    .filter(([, rows]) => (rows.inserts + rows.updates) / done >= 0.05)
    .sort(([, a], [, b]) => b.inserts + b.updates - (a.inserts + a.updates))
    .map(([table, rows]) => {
      const parts = [rows.inserts / done >= 0.01 ? `+${(rows.inserts / done).toFixed(2)}` : ''];
      if (rows.updates / done >= 0.01) parts.push(`~${(rows.updates / done).toFixed(2)} (${inPlace(rows)} %)`);
      return `${table} ${parts.filter(Boolean).join(' ')}`;
    });
  console.log(`                  by table (+ inserted, ~ updated): ${tables.join(', ')}`);
}

export function report(run: {
  baseline: Phase;
  orders: Phase;
  fills: number;
  written: TableRows;
  wal: Wal;
  socketMessages: number;
  logBytes: number;
  /** Each pair of slices, in the order run. */
  slices: SlicePair[];
}) {
  const { baseline, orders } = run;
  console.log(`\n  baseline      POST /bench/baseline (authenticate, insert one row, commit)`);
  console.log(`                ${number(perSecond(baseline))} requests/s, ${latency(ok(baseline))}`);
  console.log(`                CPU per request: ${cpuLine(baseline)}`);
  console.log(`  orders        60 % limit, 10 % market, 30 % cancel`);
  console.log(`                ${number(perSecond(orders))} orders/s (2xx), ${latency(ok(orders))}`);
  for (const kind of ['limit', 'market', 'cancel'] as const) {
    const ofKind = ok(orders).filter((result) => result.kind === kind);
    console.log(`                  ${kind.padEnd(7)} ${number(ofKind.length / orders.elapsed)}/s, ${latency(ofKind)}`);
  }
  console.log(`                CPU per order: ${cpuLine(orders)}`);
  console.log(`                ${number(run.fills / orders.elapsed)} fills/s settled (the market maker's included)`);
  console.log(`                refused: ${refusals(orders.results)}`);
  const done = doneIn(orders);
  printRows(run.written, done);
  // Each committed batch moves its shard's chain row once (orders_commit_batch).
  const batches = run.written.get('order_chain')?.updates ?? 0;
  console.log(
    `                batches committed: ${number(batches)}, ${number(done / Math.max(1, batches), 1)} of these orders each ` +
      `(the market maker's besides)`,
  );
  console.log(
    `                WAL per order: ${number(run.wal.records / done, 1)} records, ` +
      `${number(run.wal.fullPages / done, 2)} full-page images, ${number(run.wal.bytes / done / 1024, 1)} kB`,
  );
  console.log(
    `  ratio         orders/s ÷ baseline requests/s = ${(perSecond(orders) / perSecond(baseline)).toFixed(2)}; ` +
      `CPU per order ÷ CPU per baseline request = ${(cpuPerRequest(orders) / cpuPerRequest(baseline)).toFixed(2)}`,
  );
  console.log(`                orders/s ÷ baseline by slice: ${run.slices.map(sliceRatio).join(' / ')}`);
  for (const [index, pair] of run.slices.entries()) {
    console.log(
      `                  slice ${index + 1}: ${number(perSecond(pair.orders))} orders/s at ${cpuPerRequest(pair.orders).toFixed(3)} ms CPU ` +
        `÷ ${number(perSecond(pair.baseline))} baseline requests/s at ${cpuPerRequest(pair.baseline).toFixed(3)} ms`,
    );
  }
  console.log(
    `  also          ${number(run.socketMessages)} WebSocket messages received, ${number(run.logBytes / 2 ** 20, 1)} MB of log written`,
  );
}

export function verdicts(baseline: Phase, orders: Phase): void {
  const sorted = ok(orders)
    .map((result) => result.ms)
    .sort((a, b) => a - b);
  const [server, db] = cpuPer(orders);
  const met = (yes: boolean) => (yes ? 'met' : 'NOT met');
  const rate = perSecond(orders);
  console.log(
    `  targets       >= ${number(TARGET.ordersPerSecond)} orders/s: ${met(rate >= TARGET.ordersPerSecond)}; ` +
      `p99 < ${TARGET.p99Ms} ms: ${met(percentile(sorted, 0.99) < TARGET.p99Ms)}; ` +
      `<= ${TARGET.cpuMsPerOrder} ms CPU per order: ${met(server! + db! <= TARGET.cpuMsPerOrder)}` +
      (baseline.results.some((result) => result.status !== 201)
        ? ' (some baseline requests were refused: see above)'
        : ''),
  );
}
