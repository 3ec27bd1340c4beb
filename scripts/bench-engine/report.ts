// What `npm run bench:engine` prints: one table row per child run, then per workload the ratios
// of Rora's engine to the peer and to the bare book and its per-op latency, each judged against
// the targets of issue 21. On a shared machine a child's wall clock depends on what else runs at
// that moment, so the engines run in interleaved rounds and each ratio is taken inside one round
// (children minutes apart share the load they ran under); the verdict uses the median round.

export const CHECKPOINT = 1_000;

/** Issue 21: at least 20x the peer, at least half the bare book's speed, p99 at most 3 µs per op. */
export const TARGETS = { vsPeer: 20, vsBare: 0.5, p99Ns: 3_000 };

/** After every CHECKPOINT ops: wall and CPU ns so far, lots traded and cancels done so far. */
export type Checkpoint = [wallNs: number, cpuNs: number, tradedLots: number, cancels: number];

export interface ChildResult {
  engine: string;
  workload: string;
  checkpoints: Checkpoint[];
  /** p50, p99, p99.9 of a timer around every op. */
  perOpNs: number[];
  batchNs: number[];
  /** The same timer around a call that does nothing: what the harness adds to each per-op figure. */
  harnessNs: number[];
  peakHeapMb: number;
  peakRssMb: number;
}

/** One round of one workload: the three engines run one after the other. */
export interface Round {
  rora: ChildResult;
  peer: ChildResult;
  bare: ChildResult;
}

const us = (ns: number) => (ns / 1000).toFixed(2);
export const count = (n: number) => Math.round(n).toLocaleString('en');
const rate = (ops: number, ns: number) => ops / (ns / 1e9);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

export function printTable(results: ChildResult[]): void {
  console.log(
    '| workload | engine | ops run | ops/s | ops per CPU-s | per op p50 / p99 / p99.9 µs | in 100-op batches, per op | peak heap MB | peak RSS MB |',
  );
  console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|');
  for (const r of results) {
    const [wall, cpu] = r.checkpoints.at(-1)!;
    const ops = r.checkpoints.length * CHECKPOINT;
    const cells = [r.workload, r.engine, count(ops), count(rate(ops, wall)), count(rate(ops, cpu))];
    cells.push(r.perOpNs.map(us).join(' / '), r.batchNs.map(us).join(' / '));
    console.log(`| ${[...cells, r.peakHeapMb.toFixed(1), r.peakRssMb.toFixed(0)].join(' | ')} |`);
  }
}

/** Wall time, CPU time and results of two runs at the last checkpoint both reached. */
function common(a: ChildResult, b: ChildResult) {
  const k = Math.min(a.checkpoints.length, b.checkpoints.length) - 1;
  const [x, y] = [a.checkpoints[k]!, b.checkpoints[k]!];
  return { ops: (k + 1) * CHECKPOINT, a: x, b: y, same: x[2] === y[2] && x[3] === y[3] };
}

interface RoundFigures {
  vsPeer: number;
  vsPeerCpu: number;
  vsBare: number;
  vsBareCpu: number;
  p50Ns: number;
  p99Ns: number;
  same: boolean;
}

/** Speed ratios (the other engine's time over Rora's, on the ops both ran) within one round. */
function roundFigures(round: Round): RoundFigures {
  const vsPeer = common(round.rora, round.peer);
  const vsBare = common(round.rora, round.bare);
  return {
    vsPeer: vsPeer.b[0] / vsPeer.a[0],
    vsPeerCpu: vsPeer.b[1] / vsPeer.a[1],
    vsBare: vsBare.b[0] / vsBare.a[0],
    vsBareCpu: vsBare.b[1] / vsBare.a[1],
    p50Ns: round.rora.perOpNs[0]!,
    p99Ns: round.rora.perOpNs[1]!,
    same: vsPeer.same && vsBare.same,
  };
}

/**
 * Prints one workload's figures per round and the median round's verdicts; returns whether every
 * engine agreed on every result and whether every target was met.
 */
export function judgeWorkload(rounds: Round[]): { agreed: boolean; passed: boolean } {
  const figures = rounds.map(roundFigures);
  const first = rounds[0]!;
  console.log(`\n${first.rora.workload}:`);
  figures.forEach((f, index) => {
    const cells = [
      `vs peer ${f.vsPeer.toFixed(1)}x (CPU ${f.vsPeerCpu.toFixed(1)}x)`,
      `vs bare ${f.vsBare.toFixed(2)}x (CPU ${f.vsBareCpu.toFixed(2)}x)`,
      `p50 / p99 ${us(f.p50Ns)} / ${us(f.p99Ns)} µs`,
      f.same ? 'same results' : 'RESULTS DIFFER',
    ];
    console.log(`  round ${index + 1}: ${cells.join(', ')}`);
  });
  const vsPeer = median(figures.map((f) => f.vsPeer));
  const vsBare = median(figures.map((f) => f.vsBare));
  const p50 = median(figures.map((f) => f.p50Ns));
  const p99 = median(figures.map((f) => f.p99Ns));
  const checks = [vsPeer >= TARGETS.vsPeer, vsBare >= TARGETS.vsBare, p99 <= TARGETS.p99Ns];
  const harness = first.rora.harnessNs.slice(0, 2).map(us).join(' / ');
  console.log(`  median: vs peer ${vsPeer.toFixed(1)}x, target >= ${TARGETS.vsPeer}x: ${verdict(checks[0]!)}`);
  console.log(`  median: vs bare book ${vsBare.toFixed(2)}x, target >= ${TARGETS.vsBare}x: ${verdict(checks[1]!)}`);
  console.log(
    `  median: p50 ${us(p50)} µs, p99 ${us(p99)} µs per op, target p99 <= ${us(TARGETS.p99Ns)} µs: ${verdict(checks[2]!)} (the timer alone: p50 / p99 ${harness} µs)`,
  );
  const ops = common(first.rora, first.peer);
  console.log(
    `  traded ${count(ops.a[2])} lots, cancelled ${count(ops.a[3])} orders in the first ${count(ops.ops)} ops`,
  );
  return { agreed: figures.every((f) => f.same), passed: checks.every(Boolean) };
}
