import { CONNECTION_WAIT_MS, POOL_SIZE, type Database } from '@rora/db';
import pg from 'pg';
import { within } from '../../lib/within.ts';

type DatabaseHealth = { state: 'up' | 'down'; latencyMs: number };

export interface HealthService {
  database(): Promise<DatabaseHealth>;
}

/**
 * The longest the database may take to answer the health check, opening a connection included,
 * before it is reported down. A PostgreSQL that stops answering (paused, its host or network hung)
 * neither refuses nor ends connections: the check waited as long as the pause and then said "up",
 * so a load balancer kept sending requests to a replica that could serve none.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

/** `SELECT 1` with its own deadline (node-postgres reads `query_timeout`; its types do not name it). */
const probe = (answerMs: number): pg.QueryConfig & { query_timeout: number } => ({
  text: 'SELECT 1',
  query_timeout: answerMs,
});

export function createHealthService(
  database: Database,
  timeouts: { answerMs?: number; connectionMs?: number } = {},
): HealthService {
  const answerMs = timeouts.answerMs ?? HEALTH_CHECK_TIMEOUT_MS;
  const connectionMs = timeouts.connectionMs ?? CONNECTION_WAIT_MS;
  const { pool } = database;

  /** On a pooled connection: one idle, or one the pool opens (opening it is the database answering). */
  async function pooled(): Promise<boolean> {
    const opens = pool.idleCount === 0;
    const client = await within(pool.connect(), opens ? answerMs : connectionMs, (came) => came.release());
    if (!client) return false;
    const answered = await within(client.query(probe(answerMs)), answerMs);
    // Not answered: the connection is dropped, not pooled, since its server may answer it later.
    client.release(answered ? undefined : new Error('the health check was not answered in time'));
    return answered !== undefined;
  }

  /**
   * On a connection of its own, closed after: every pooled one is lent, and waiting for one is no
   * answer (ADR 0071 addendum): their statements may all hang on a frozen database until their
   * deadline (10 s). A busy pool on a live database still answers up. end() destroys the socket of
   * a client still connecting or with its query running, so nothing outlives the check, and checks
   * run one at a time (below): at most one such connection per process.
   */
  async function outside(): Promise<boolean> {
    const client = new pg.Client({ ...(pool.options as pg.ClientConfig), connectionTimeoutMillis: answerMs });
    client.on('error', () => undefined);
    const answered = await within(
      client.connect().then(() => client.query(probe(answerMs))),
      answerMs,
    );
    await within(client.end(), answerMs);
    return answered !== undefined;
  }

  async function check(): Promise<DatabaseHealth> {
    const started = performance.now();
    const full = pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? POOL_SIZE);
    const up = full ? await outside() : await pooled();
    return { state: up ? 'up' : 'down', latencyMs: Math.round(performance.now() - started) };
  }
  // Health is public and unlimited (load balancers poll it): requests that arrive while a check
  // runs share its answer, so a flood of them takes one connection, not one each.
  let running: Promise<DatabaseHealth> | undefined;
  return {
    database() {
      running ??= check().finally(() => (running = undefined));
      return running;
    },
  };
}
