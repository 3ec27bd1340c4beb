// One chaos run: the server and its PostgreSQL (cluster.ts), 50 funded customers, then rounds. A
// round draws its operations, its fault, the operation at which the fault strikes and (for a
// PostgreSQL stop) how long the database stays away, all from the seed; runs the operations with a
// few concurrent clients while the fault strikes; waits until every operation has a definite answer
// or gave up; then checks the invariants of checks.ts. The fault kinds take turns, so any three
// rounds inject each kind once.
import { connectDatabase } from '@rora/db';
import { checkAcknowledged, checkFillNotifications, checkLedger, checkOrphanHolds, type Violation } from './checks.ts';
import { createCluster, type Cluster } from './cluster.ts';
import { createCustomers } from './customers.ts';
import { FAULT_KINDS, harnessPool, injectFault, type FaultKind, type FaultResult } from './faults.ts';
import type { Answer } from './client.ts';
import { planOperations, runOperation, type Customer, type Operation, type Outcome } from './operations.ts';
import { Prng } from '../../apps/api/src/testing/prng.ts';

export interface ChaosOptions {
  rounds: number;
  seed: number;
  operationsPerRound?: number;
  concurrency?: number;
  customers?: number;
  log?: (line: string) => void;
}

export interface RoundViolation extends Violation {
  readonly round: number;
}

export interface ChaosSummary {
  readonly seed: number;
  readonly outcomes: Outcome[];
  readonly faults: FaultResult[];
  readonly violations: RoundViolation[];
  /** Answers that were not definite (retried), by status and code: what clients saw during faults. */
  readonly interim: Map<string, number>;
  readonly seconds: number;
}

interface RoundContext {
  cluster: Cluster;
  customers: Customer[];
  random: Prng;
  round: number;
  options: Required<Omit<ChaosOptions, 'log'>>;
  outcomes: Outcome[];
  anomalies: Violation[];
  /** Answers that were not definite, by status and code, over the whole run. */
  interim: Map<string, number>;
}

/** Tallies the answers that were not definite, and flags those no outage excuses, once per operation. */
function interimRecorder(context: RoundContext, faultActive: () => boolean) {
  const flagged = new Set<number>();
  return (operation: Operation, answer: Answer) => {
    const label = answer.status === 0 ? 'no answer' : `${answer.status} ${answer.code ?? ''}`.trim();
    const tallyLabel = answer.status === 503 && answer.retryAfter ? `${label} (Retry-After)` : label;
    context.interim.set(tallyLabel, (context.interim.get(tallyLabel) ?? 0) + 1);
    const excused = answer.status !== 500 && !(answer.status === 503 && !answer.retryAfter);
    // Once per operation: its retries during the same outage are the same finding.
    if (excused || flagged.has(operation.index)) return;
    flagged.add(operation.index);
    const what = answer.status === 503 ? '503 without Retry-After' : label;
    context.anomalies.push({
      invariant: 'outage_answered_503_with_retry_after',
      detail: `${operation.kind} #${operation.index} was answered ${what}${faultActive() ? ' during the fault' : ''}`,
    });
  };
}

async function runRound(context: RoundContext): Promise<FaultResult> {
  const { cluster, customers, random, round, options } = context;
  const operations = planOperations(random, {
    count: options.operationsPerRound,
    customers: customers.length,
    from: round * options.operationsPerRound,
  });
  const kind: FaultKind = FAULT_KINDS[(round + options.seed) % FAULT_KINDS.length]!;
  const faultAt = random.int(1, operations.length - 2);
  const downtimeMs = random.int(300, 2_500);
  let active = false;
  let recoveredAt = Date.now();
  let fault: Promise<{ result: FaultResult } | { error: unknown }> | undefined;
  const conditions = {
    baseUrl: cluster.baseUrl,
    faultActive: () => active,
    lastRecoveryAt: () => recoveredAt,
    interim: interimRecorder(context, () => active),
  };
  let next = 0;
  const worker = async () => {
    while (next < operations.length) {
      const operation = operations[next++]!;
      if (operation.index - operations[0]!.index === faultAt) {
        active = true;
        // Settled here, so a harness failure (a rescue that fails) is thrown after the workers end,
        // not as an unhandled rejection that would skip the clean-up.
        fault = injectFault(cluster, kind, downtimeMs)
          .then(
            (result) => ({ result }),
            (error: unknown) => ({ error }),
          )
          .finally(() => {
            active = false;
            recoveredAt = Date.now();
          });
      }
      context.outcomes.push(await runOperation(operation, customers, conditions));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const settled = await fault!;
  if ('error' in settled) throw settled.error;
  return settled.result;
}

async function checkAll(cluster: Cluster, outcomes: Outcome[]): Promise<Violation[]> {
  const pool = harnessPool(cluster);
  try {
    return [
      ...(await checkLedger(pool)),
      ...(await checkAcknowledged(pool, outcomes)),
      ...(await checkOrphanHolds(pool)),
      ...(await checkFillNotifications(pool, outcomes)),
    ];
  } finally {
    await pool.end();
  }
}

/** Keeps the first few violations of each invariant per round, and a count of the rest. */
function condense(violations: Violation[], round: number): RoundViolation[] {
  const kept: RoundViolation[] = [];
  const counts = new Map<string, number>();
  for (const violation of violations) counts.set(violation.invariant, (counts.get(violation.invariant) ?? 0) + 1);
  for (const [invariant, count] of counts) {
    const same = violations.filter((violation) => violation.invariant === invariant);
    for (const violation of same.slice(0, 3)) kept.push({ ...violation, round });
    if (count > 3) kept.push({ invariant, detail: `… and ${count - 3} more like these`, round });
  }
  return kept;
}

async function setUp(cluster: Cluster, count: number): Promise<Customer[]> {
  await cluster.startServer();
  const database = connectDatabase(cluster.databaseUrl(), { max: 3 });
  try {
    return await createCustomers(database, cluster.baseUrl, count);
  } finally {
    await database.close();
  }
}

export async function runChaos(input: ChaosOptions): Promise<ChaosSummary> {
  const log = input.log ?? ((line: string) => console.log(line));
  const options = { operationsPerRound: 40, concurrency: 8, customers: 50, ...input };
  const started = Date.now();
  const random = new Prng(options.seed);
  const outcomes: Outcome[] = [];
  const faults: FaultResult[] = [];
  const violations: RoundViolation[] = [];
  const reported = new Set<string>();
  const interim = new Map<string, number>();
  const cluster = await createCluster();
  log(`chaos: seed ${options.seed}, ${options.rounds} round(s); data in ${cluster.dataDir}`);
  try {
    const customers = await setUp(cluster, options.customers);
    log(`chaos: server up at ${cluster.baseUrl}, ${customers.length} customers funded`);
    for (let round = 0; round < options.rounds; round += 1) {
      const anomalies: Violation[] = [];
      const context = { cluster, customers, random: random.fork(), round, options, outcomes, anomalies, interim };
      const fault = await runRound(context);
      faults.push(fault);
      // The checks cover every operation so far: what they reported in a round before is not
      // reported again. The fault's own findings and the round's answers are new every round.
      const checked = (await checkAll(cluster, outcomes)).filter(
        (violation) => !reported.has(`${violation.invariant} ${violation.detail}`),
      );
      for (const violation of checked) reported.add(`${violation.invariant} ${violation.detail}`);
      const fresh = [...fault.violations, ...anomalies, ...checked];
      const found = condense(fresh, round);
      violations.push(...found);
      const recovery =
        fault.recoveryMs === undefined ? 'did not recover by itself' : `recovered in ${fault.recoveryMs} ms`;
      log(
        `round ${round + 1}/${options.rounds}: ${fault.kind}, ${recovery}; ${found.length} violation(s) (seed ${options.seed})`,
      );
      for (const violation of found) log(`  ✗ ${violation.invariant}: ${violation.detail}`);
    }
  } finally {
    await cluster.destroy();
  }
  return { seed: options.seed, outcomes, faults, violations, interim, seconds: (Date.now() - started) / 1000 };
}
