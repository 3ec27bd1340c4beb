import { CONNECTION_WAIT_MS, POOL_SIZE, type Database } from '@rora/db';
import type pg from 'pg';
import { within } from '../../lib/within.ts';

type DatabaseHealth = { state: 'up' | 'down'; latencyMs: number };

export interface HealthService {
  database(): Promise<DatabaseHealth>;
}

/**
 * The longest the database may take to answer the health check, once the check has a connection,
 * before it is reported down. A PostgreSQL that stops answering (paused, its host or network hung)
 * neither refuses nor ends connections: the check waited as long as the pause and then said "up",
 * so a load balancer kept sending requests to a replica that could serve none. Waiting for a
 * connection is not counted: a pool busy with a load spike is not a database down.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

export function createHealthService(
  database: Database,
  timeouts: { answerMs?: number; connectionMs?: number } = {},
): HealthService {
  const answerMs = timeouts.answerMs ?? HEALTH_CHECK_TIMEOUT_MS;
  const connectionMs = timeouts.connectionMs ?? CONNECTION_WAIT_MS;
  async function check(): Promise<DatabaseHealth> {
    const started = performance.now();
    const down = () => ({ state: 'down' as const, latencyMs: Math.round(performance.now() - started) });
    // Opening a connection is the database answering, as the query is: a paused server takes the TCP
    // connection and never answers its start-up. Since a query past its deadline closes its
    // connection (ADR 0071), a hung database soon leaves the pool none idle, and the check opened one
    // for the whole connection wait. Only a wait for a busy pool's connection is not counted.
    const { pool } = database;
    const opens = pool.idleCount === 0 && pool.totalCount < (pool.options.max ?? POOL_SIZE);
    const client = await within(pool.connect(), opens ? answerMs : connectionMs, (came) => came.release());
    if (!client) return down();
    // query_timeout (node-postgres reads it, its types do not name it) ends the query's wait; the
    // connection is then dropped, not pooled, since its server may answer it later.
    const probe: pg.QueryConfig & { query_timeout: number } = { text: 'SELECT 1', query_timeout: answerMs };
    const answered = await within(client.query(probe), answerMs);
    client.release(answered ? undefined : new Error('the health check was not answered in time'));
    return answered ? { state: 'up' as const, latencyMs: Math.round(performance.now() - started) } : down();
  }
  // Health is public and unlimited (load balancers poll it): requests that arrive while a check
  // runs share its answer, so a flood of them takes one pooled connection, not one each.
  let running: Promise<DatabaseHealth> | undefined;
  return {
    database() {
      running ??= check().finally(() => (running = undefined));
      return running;
    },
  };
}
