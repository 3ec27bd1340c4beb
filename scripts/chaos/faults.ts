// The faults a chaos round injects and how it measures the recovery. SIGKILL: the server is killed
// and started again the way `npm start` would, on the same data dir (it must come up: a PostgreSQL
// left over from the killed process must not stop it). PostgreSQL immediate stop and terminated
// backends: the server is NOT restarted; it must stay up, start its embedded PostgreSQL again itself
// after a stop (ADR 0075), answer /health 200 again by itself, and in the meantime answer 503 with
// Retry-After. When it does not come back, the harness records the violation and restarts it
// (stopping a left-over PostgreSQL first) so the run can go on.
import pg from 'pg';
import { healthy } from './client.ts';
import type { Cluster } from './cluster.ts';
import type { Violation } from './checks.ts';

export const FAULT_KINDS = ['sigkill', 'postgres_immediate_stop', 'terminate_backends'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
const RECOVERY_TIMEOUT_MS = 60_000;
const SETTLE_MS = 500;

export interface FaultResult {
  readonly kind: FaultKind;
  /** From the end of the fault (server started, PostgreSQL started, backends ended) to /health 200. */
  readonly recoveryMs: number | undefined;
  /** The server came back without the harness's help (for SIGKILL: its restart worked first time). */
  readonly byItself: boolean;
  readonly violations: Violation[];
}

/** A pool of the harness's own, named so that terminate_backends spares it. */
export function harnessPool(cluster: Cluster): pg.Pool {
  const url = new URL(cluster.databaseUrl());
  url.searchParams.set('application_name', 'rora-chaos');
  const pool = new pg.Pool({ connectionString: url.toString(), max: 3, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => undefined);
  return pool;
}

/** Ms until /health answers 200 while the server lives, or undefined (it exited or timed out). */
async function untilHealthy(cluster: Cluster, from: number): Promise<number | undefined> {
  while (Date.now() - from < RECOVERY_TIMEOUT_MS) {
    if (!cluster.serverAlive()) return undefined;
    if (await healthy(cluster.baseUrl)) {
      const recoveryMs = Date.now() - from;
      // A pool's late 'error' event can still end the process: it must be alive a moment later too.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      return cluster.serverAlive() ? recoveryMs : undefined;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

/** The harness's rescue: whatever state things are in, a running server on the same data dir. */
export async function restartServer(cluster: Cluster): Promise<void> {
  await cluster.killServer();
  if (cluster.postgresRunning()) cluster.stopPostgres('fast');
  await cluster.startServer();
  if ((await untilHealthy(cluster, Date.now())) === undefined) throw new Error('the rescued server is not healthy');
}

/** What the server last printed: its last error line (the cause of an exit) and its last line. */
function lastLines(cluster: Cluster): string {
  const lines = cluster.serverLog().split('\n');
  const error = lines.filter((line) => /\b\w*Error\b|error:/.test(line) && !line.includes('[...')).at(-1);
  return [error, lines.at(-1)].filter(Boolean).join(' … ').slice(0, 400);
}

async function sigkill(cluster: Cluster): Promise<FaultResult> {
  await cluster.killServer();
  const started = Date.now();
  const violations: Violation[] = [];
  try {
    await cluster.startServer();
    const recoveryMs = await untilHealthy(cluster, started);
    if (recoveryMs !== undefined) return { kind: 'sigkill', recoveryMs, byItself: true, violations };
    violations.push({
      invariant: 'server_restart_after_sigkill',
      detail: `started but never healthy: ${lastLines(cluster)}`,
    });
  } catch (error) {
    const left = cluster.postgresRunning()
      ? ' (the PostgreSQL the killed server started still runs on the data dir)'
      : '';
    violations.push({
      invariant: 'server_restart_after_sigkill',
      detail: `npm start on the same data dir failed${left}: ${(error as Error).message.slice(-400)}`,
    });
  }
  await restartServer(cluster);
  return { kind: 'sigkill', recoveryMs: undefined, byItself: false, violations };
}

async function comeBack(kind: FaultKind, cluster: Cluster, started: number): Promise<FaultResult> {
  const recoveryMs = await untilHealthy(cluster, started);
  if (recoveryMs !== undefined) return { kind, recoveryMs, byItself: true, violations: [] };
  const state = cluster.serverAlive() ? 'stayed up but /health never answered 200' : 'exited';
  const violation = {
    invariant: 'server_came_back_by_itself',
    detail: `after ${kind} the server ${state}: ${lastLines(cluster)}`,
  };
  await restartServer(cluster);
  return { kind, recoveryMs: undefined, byItself: false, violations: [violation] };
}

/**
 * The server's PostgreSQL stopped at once; the server starts it again itself (1 s later, ADR 0075),
 * as it would after a crash: the harness only looks, `downtimeMs` later, that the server still runs,
 * then measures from the stop until it serves again. (The harness used to start it with pg_ctl, which
 * now raced the server's own start on the same data dir.)
 */
async function postgresImmediateStop(cluster: Cluster, downtimeMs: number): Promise<FaultResult> {
  cluster.stopPostgres('immediate');
  const stopped = Date.now();
  await new Promise((resolve) => setTimeout(resolve, downtimeMs));
  if (!cluster.serverAlive()) {
    const detail = `the server exited while PostgreSQL was down: ${lastLines(cluster)}`;
    await restartServer(cluster);
    const violations = [{ invariant: 'server_came_back_by_itself', detail }];
    return { kind: 'postgres_immediate_stop', recoveryMs: undefined, byItself: false, violations };
  }
  return comeBack('postgres_immediate_stop', cluster, stopped);
}

async function terminateBackends(cluster: Cluster): Promise<FaultResult> {
  const pool = harnessPool(cluster);
  try {
    await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                       WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()
                         AND application_name <> 'rora-chaos'`);
  } finally {
    await pool.end();
  }
  return comeBack('terminate_backends', cluster, Date.now());
}

export function injectFault(cluster: Cluster, kind: FaultKind, downtimeMs: number): Promise<FaultResult> {
  if (kind === 'sigkill') return sigkill(cluster);
  if (kind === 'postgres_immediate_stop') return postgresImmediateStop(cluster, downtimeMs);
  return terminateBackends(cluster);
}
