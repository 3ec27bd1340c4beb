// `npm run bench:engine`: Rora's matching engine against nodejs-order-book and against a bare
// typed-array book (bench-engine/bare-book.ts: the cost of matching alone) on one seeded workload.
// Each (workload, engine) pair runs in a child process of its own, so peak memory is that engine's
// alone. A child builds the workload (the same for every engine), warms up, then runs it on a
// fresh book three times: untimed per op (throughput, memory), with a timer around every op, and
// with a timer around every 100 ops. Each pass stops at a time budget, so the slow peer runs only
// a prefix; the engines are compared on the ops both ran, where they must agree on every result.
// The three engines run in interleaved rounds and report.ts judges the median round.
// Options: --ops N (1,000,000), --seed N, --seconds S per pass (4), --rounds N (3),
// --workload standard|deep.
import { fork } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { OrderBook as PeerBook, Side } from 'nodejs-order-book';
import { OrderBook, type EngineEvent } from '@rora/matching-engine';
import { BareBook } from './bench-engine/bare-book.ts';
import {
  CHECKPOINT,
  count,
  judgeWorkload,
  printTable,
  type Checkpoint,
  type ChildResult,
  type Round,
} from './bench-engine/report.ts';

const [LIMIT, MARKET, CANCEL] = [0, 1, 2];
const MID_TICKS = 1_000_000;

/** Passive orders land 1..bandTicks ticks from the mid: a narrow band makes long queues. */
type WorkloadSpec = { name: string; resting: number; bandTicks: number };
const WORKLOADS: WorkloadSpec[] = [
  { name: 'standard', resting: 10_000, bandTicks: 100 },
  { name: 'deep', resting: 100_000, bandTicks: 10 },
];

interface Workload {
  count: number;
  kind: Uint8Array;
  buy: Uint8Array;
  price: Int32Array;
  qty: Int32Array;
  /** The order a limit order places or a cancel targets, as an index into `ids`. */
  ref: Int32Array;
  ids: string[];
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The resting orders, then 60 % limit orders around the mid (a fifth of them crossing), 10 % market
 * orders and 30 % cancels of orders live at that moment. Liveness comes from an oracle book fed the
 * workload as it is drawn; any price-time book agrees with it, which the run checks.
 */
function buildWorkload(spec: WorkloadSpec, ops: number, seed: number): Workload {
  const count = spec.resting + ops;
  const [kind, buy] = [new Uint8Array(count), new Uint8Array(count)];
  const [price, qty, ref] = [new Int32Array(count), new Int32Array(count), new Int32Array(count)];
  const random = mulberry32(seed);
  // Live orders in an array, with each one's position in it, for O(1) pick and drop.
  const live: number[] = [];
  const position = new Int32Array(count).fill(-1);
  const oracle = new OrderBook({
    sink: (event: EngineEvent) => {
      const order = (event as { orderId: number }).orderId;
      if (event.type === 'rested') position[order] = live.push(order) - 1;
      else if ((event.type === 'done' || event.type === 'cancelled') && order >= 0 && position[order]! >= 0) {
        const last = live.pop()!;
        if (last !== order) live[(position[last] = position[order]!)] = last;
        position[order] = -1;
      }
    },
  });
  let orders = 0;
  for (let i = 0; i < count; i += 1) {
    const roll = i < spec.resting ? 0 : random();
    buy[i] = random() < 0.5 ? 1 : 0;
    qty[i] = 1 + Math.floor(random() * 100);
    const side = buy[i] === 1 ? 'buy' : 'sell';
    if (roll >= 0.7 && live.length > 0) {
      kind[i] = CANCEL;
      ref[i] = live[Math.floor(random() * live.length)]!;
      oracle.cancel(ref[i]!);
    } else if (roll >= 0.6 && roll < 0.7) {
      kind[i] = MARKET;
      oracle.place({ orderId: -i - 1, owner: -i - 1, side, type: 'market', qtyLots: qty[i] });
    } else {
      const crossing = i >= spec.resting && random() < 0.2;
      const offset = crossing ? -(1 + Math.floor(random() * 5)) : 1 + Math.floor(random() * spec.bandTicks);
      [kind[i], ref[i], price[i]] = [LIMIT, orders, buy[i] === 1 ? MID_TICKS - offset : MID_TICKS + offset];
      oracle.place({ orderId: orders, owner: orders, side, type: 'limit', priceTicks: price[i], qtyLots: qty[i] });
      orders += 1;
    }
  }
  const ids = Array.from({ length: orders }, (_, order) => `o${order}`);
  return { count, kind, buy, price, qty, ref, ids };
}

/** Runs operation `i` of the workload on one engine: returns the lots its taker traded, or 1 for a cancel done. */
type Runner = (w: Workload, i: number) => number;

function roraRunner(): Runner {
  let traded = 0;
  let marketId = 0;
  const book = new OrderBook({
    sink: (event) => {
      if (event.type === 'fill') traded += event.qtyLots;
    },
  });
  return (w, i) => {
    const side = w.buy[i] === 1 ? 'buy' : 'sell';
    traded = 0;
    if (w.kind[i] === CANCEL) return book.cancel(w.ids[w.ref[i]!]!) ? 1 : 0;
    if (w.kind[i] === MARKET) {
      marketId -= 1;
      book.place({ orderId: marketId, owner: marketId, side, type: 'market', qtyLots: w.qty[i] });
    } else {
      const id = w.ids[w.ref[i]!]!;
      book.place({ orderId: id, owner: id, side, type: 'limit', priceTicks: w.price[i], qtyLots: w.qty[i] });
    }
    return traded;
  };
}

function peerRunner(): Runner {
  const book = new PeerBook();
  return (w, i) => {
    const [side, size] = [w.buy[i] === 1 ? Side.BUY : Side.SELL, w.qty[i]!];
    if (w.kind[i] === CANCEL) return book.cancel(w.ids[w.ref[i]!]!) === undefined ? 0 : 1;
    if (w.kind[i] === MARKET) return size - book.market({ side, size }).quantityLeft;
    return size - book.limit({ id: w.ids[w.ref[i]!]!, side, price: w.price[i]!, size }).quantityLeft;
  };
}

function bareRunner(w: Workload): () => Runner {
  let [low, high] = [Number.POSITIVE_INFINITY, 0];
  for (let i = 0; i < w.count; i += 1) {
    if (w.kind[i] !== LIMIT) continue;
    low = Math.min(low, w.price[i]!);
    high = Math.max(high, w.price[i]!);
  }
  return () => {
    let fills = 0;
    const book = new BareBook(w.ids.length, { low, span: high - low + 1 }, () => (fills += 1));
    return (w, i) => {
      const buy = w.buy[i] === 1;
      if (w.kind[i] === CANCEL) return book.cancel(w.ids[w.ref[i]!]!) ? 1 : 0;
      if (w.kind[i] === MARKET) return book.market(buy, w.qty[i]!);
      return book.limit(w.ids[w.ref[i]!]!, buy, w.price[i]!, w.qty[i]!);
    };
  };
}

const ENGINE_NAMES: Record<string, string> = {
  rora: '@rora/matching-engine',
  peer: 'nodejs-order-book',
  bare: 'bare typed-array book',
};

function percentiles(values: Float64Array): number[] {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return [at(0.5), at(0.99), at(0.999)];
}

const now = (): bigint => process.hrtime.bigint();
const cpuNs = (): number => ((usage) => (usage.user + usage.system) * 1000)(process.cpuUsage());
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

/** A fresh book holding the resting orders; full GCs so neither the last pass nor the setup bills the next. */
function freshBook(make: () => Runner, w: Workload, resting: number): Runner {
  gc();
  const runner = make();
  for (let i = 0; i < resting; i += 1) runner(w, i);
  gc();
  return runner;
}

/** No timer per op; stops at the first checkpoint past the budget. Samples memory every 10 checkpoints. */
function throughputPass(runner: Runner, w: Workload, from: number, budgetNs: number) {
  const baseHeap = process.memoryUsage().heapUsed;
  const checkpoints: Checkpoint[] = [];
  let [peakHeap, peakRss, traded, cancels] = [0, 0, 0, 0];
  const [started, cpuStarted] = [now(), cpuNs()];
  for (let i = from; i < w.count; i += 1) {
    const result = runner(w, i);
    if (w.kind[i] === CANCEL) cancels += result;
    else traded += result;
    if ((i - from + 1) % CHECKPOINT === 0) {
      const wall = Number(now() - started);
      checkpoints.push([wall, cpuNs() - cpuStarted, traded, cancels]);
      if (checkpoints.length % 10 === 1) {
        const memory = process.memoryUsage();
        [peakHeap, peakRss] = [Math.max(peakHeap, memory.heapUsed - baseHeap), Math.max(peakRss, memory.rss)];
      }
      if (wall > budgetNs) break;
    }
  }
  return { checkpoints, peakHeapMb: peakHeap / 2 ** 20, peakRssMb: peakRss / 2 ** 20 };
}

/** A timer around every `size` ops; each sample is the mean per op of its batch. */
function latencyPass(runner: Runner, w: Workload, options: { from: number; size: number; budgetNs: number }) {
  const { from, size, budgetNs } = options;
  const samples = new Float64Array(Math.floor((w.count - from) / size));
  const started = now();
  let taken = 0;
  while (taken < samples.length) {
    const first = from + taken * size;
    const t0 = now();
    for (let i = first; i < first + size; i += 1) runner(w, i);
    samples[taken] = Number(now() - t0) / size;
    taken += 1;
    if ((taken * size) % CHECKPOINT === 0 && Number(now() - started) > budgetNs) break;
  }
  return percentiles(samples.subarray(0, taken));
}

function runChild(engine: string, spec: WorkloadSpec, options: { ops: number; seed: number; budgetNs: number }) {
  const { budgetNs } = options;
  const w = buildWorkload(spec, options.ops, options.seed);
  const make = engine === 'rora' ? roraRunner : engine === 'peer' ? peerRunner : bareRunner(w);
  const from = spec.resting;
  // Warm-up: every pass once on a short prefix, so the measured passes start in optimized code.
  const warmUp = { ...w, count: Math.min(w.count, from + 100_000) };
  throughputPass(freshBook(make, w, from), warmUp, from, budgetNs / 8);
  for (const size of [1, 100]) latencyPass(freshBook(make, w, from), warmUp, { from, size, budgetNs: budgetNs / 8 });
  const throughput = throughputPass(freshBook(make, w, from), w, from, budgetNs);
  const perOpNs = latencyPass(freshBook(make, w, from), w, { from, size: 1, budgetNs });
  const batchNs = latencyPass(freshBook(make, w, from), w, { from, size: 100, budgetNs });
  const harnessNs = latencyPass(() => 0, warmUp, { from, size: 1, budgetNs });
  const name = ENGINE_NAMES[engine]!;
  const workload = `${spec.name}, ${spec.resting.toLocaleString('en')} resting`;
  const result: ChildResult = { engine: name, workload, perOpNs, batchNs, harnessNs, ...throughput };
  return result;
}

function spawnChild(args: string[]): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const execArgv = [...process.execArgv, '--expose-gc', '--max-old-space-size=4096'];
    const child = fork(fileURLToPath(import.meta.url), ['--child', ...args], { execArgv });
    child.once('message', (message) => resolve(message as ChildResult));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`bench child exited with ${code}`))));
  });
}

const ENGINES = ['rora', 'peer', 'bare'] as const;

/** Runs `rounds` rounds of each workload; each round starts with a different engine, so no engine always runs first. */
async function runRounds(specs: WorkloadSpec[], rounds: number, childArgs: string[]): Promise<Round[][]> {
  const byWorkload: Round[][] = specs.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, spec] of specs.entries()) {
      const results: Partial<Record<(typeof ENGINES)[number], ChildResult>> = {};
      for (let k = 0; k < ENGINES.length; k += 1) {
        const engine = ENGINES[(round + k) % ENGINES.length]!;
        results[engine] = await spawnChild([engine, spec.name, ...childArgs]);
      }
      byWorkload[index]!.push(results as Round);
    }
  }
  return byWorkload;
}

async function main(argv: string[]): Promise<void> {
  const option = (name: string, fallback: string) =>
    argv.includes(`--${name}`) ? (argv[argv.indexOf(`--${name}`) + 1] ?? fallback) : fallback;
  const [ops, seed, seconds] = [option('ops', '1000000'), option('seed', '20240601'), option('seconds', '4')];
  const options = { ops: Number(ops), seed: Number(seed), budgetNs: Number(seconds) * 1e9 };
  if (argv[0] === '--child') {
    const spec = WORKLOADS.find((candidate) => candidate.name === argv[2])!;
    const result = runChild(argv[1]!, spec, options);
    if (process.send === undefined) console.log(JSON.stringify(result));
    else process.send(result, () => process.disconnect());
    return;
  }
  const rounds = Math.max(1, Number(option('rounds', '3')));
  const load = loadavg()[0]!.toFixed(1);
  console.log(
    `engine bench: ${count(options.ops)} ops per workload, seed ${seed}, at most ${seconds} s per pass, ${rounds} rounds`,
  );
  console.log(`node ${process.version}, ${availableParallelism()} CPUs, load average ${load} at start\n`);
  const only = option('workload', 'all');
  const specs = WORKLOADS.filter((candidate) => only === 'all' || candidate.name === only);
  const byWorkload = await runRounds(specs, rounds, ['--ops', ops, '--seed', seed, '--seconds', seconds]);
  printTable(byWorkload.flatMap((workloadRounds) => workloadRounds.flatMap((r) => [r.rora, r.peer, r.bare])));
  const verdicts = byWorkload.map(judgeWorkload);
  const passed = verdicts.every((v) => v.passed);
  console.log(`\nissue 21 targets on ${specs.map((s) => s.name).join(' and ')}: ${passed ? 'PASS' : 'FAIL'}`);
  const endLoad = loadavg()[0]!;
  if (Math.max(Number(load), endLoad) >= availableParallelism()) {
    console.log(
      `The machine was busy (load average ${load} at start, ${endLoad.toFixed(1)} at end): figures are pessimistic.`,
    );
  }
  if (!verdicts.every((v) => v.agreed)) process.exitCode = 1;
}

await main(process.argv.slice(2));
