// The connection pool and the Drizzle handle every module shares.
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { isConnectionError } from './connection-errors.ts';
import { boundQueries, deadlineMetBy } from './query-deadline.ts';
import * as schema from './schema/index.ts';

// bigint columns (int8, oid 20) come back as JS bigint, never as a lossy number or a string.
pg.types.setTypeParser(20, (value) => BigInt(value));

export type Schema = typeof schema;
/** The Drizzle handle, with its pool as `$client` for the few hot statements sent as prepared statements. */
export type Db = NodePgDatabase<Schema> & { $client: pg.Pool };

export interface Database {
  readonly pool: pg.Pool;
  readonly db: Db;
  close(): Promise<void>;
}

/** Connections a process keeps to PostgreSQL. */
export const POOL_SIZE = 20;

/**
 * The longest a query waits for a free connection. Past it the query fails as the database out of
 * reach (503 with Retry-After, connection-errors.ts) rather than queueing for ever: a code path that
 * held one connection and waited for a second, while every other connection waited on a lock it
 * holds, would otherwise stop the whole process, and a request that waited this long is lost to its
 * customer anyway.
 */
export const CONNECTION_WAIT_MS = 10_000;

/**
 * The longest a transaction may sit open with nothing running before PostgreSQL ends its session. A
 * process that hangs mid-transaction (stopped, frozen, its event loop stuck) would otherwise keep that
 * transaction's row locks, a hot account's among them, and stop every other process's money flows on
 * those rows for as long as it hangs (ADR 0067). The longest wait inside a transaction is a withdrawal's
 * broadcast under its send's row lock: a few node calls of at most 10 s each. A session ended there
 * is as a process killed there, which the send's recovery already covers (the signed transaction is
 * stored first and broadcast again as itself).
 */
export const IDLE_IN_TRANSACTION_MS = 60_000;

/**
 * How often a backend running a statement checks that its client is still there (PostgreSQL 14+).
 * A connection closed at its deadline leaves its backend running the statement (waiting on a lock,
 * say) with its transaction's row locks held, until it next writes to the client; with the check it
 * ends within this interval, and its transaction with it.
 */
export const CLIENT_CHECK_MS = 1_000;
const CHECK_CLIENT_STATEMENT = `SET client_connection_check_interval = ${CLIENT_CHECK_MS}`;

export interface ConnectOptions {
  max?: number;
  connectionWaitMs?: number;
  idleInTransactionMs?: number;
  /**
   * Each statement's longest wait for its answer (query-deadline.ts), its connection closed past it.
   * Unset: none, for scripts and benchmarks; the API and worker processes pass QUERY_DEADLINE_MS.
   */
  queryDeadlineMs?: number;
}

export function connectDatabase(url: string, options: ConnectOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? POOL_SIZE,
    connectionTimeoutMillis: options.connectionWaitMs ?? CONNECTION_WAIT_MS,
    idle_in_transaction_session_timeout: options.idleInTransactionMs ?? IDLE_IN_TRANSACTION_MS,
  });
  // A connection's error (the server restarting, its backend terminated) must not crash the process.
  // The pool hears an idle client's; a checked-out client emits 'error' on itself with no listener
  // (pg-pool takes its own off while the client is lent), so every client gets one for its life.
  // The query that was running fails with the error, and the pool drops the broken client on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    if (!options.queryDeadlineMs) return;
    // The client check is set before the first statement of whoever asked for the connection (ADR 0071).
    boundQueries(client, options.queryDeadlineMs, CHECK_CLIENT_STATEMENT);
  });
  const db = drizzle(pool, { schema });
  db.transaction = transactionsOn(pool);
  return { pool, db, close: () => pool.end() };
}

/**
 * Drizzle's transaction() on a pool takes a client and sends BEGIN before its try/finally: when the
 * connection breaks on that BEGIN, the client is never given back, and each such loss shrinks the
 * pool for good until every request waits forever. This one gives the client back in every case (a
 * broken one is dropped from the pool), and runs the transaction through a Drizzle handle on that
 * one client, made once per connection.
 */
function transactionsOn(pool: pg.Pool): Db['transaction'] {
  const handles = new WeakMap<pg.PoolClient, NodePgDatabase<Schema>>();
  return async (work, config) => {
    const client = await pool.connect();
    let handle = handles.get(client);
    if (!handle) handles.set(client, (handle = drizzle(client, { schema })));
    let broken: Error | undefined;
    try {
      return await handle.transaction(work, config);
    } catch (error) {
      // A statement past its deadline closed the connection, so the ROLLBACK after it failed as a
      // lost connection: report the deadline, which says what happened.
      const cause = deadlineMetBy(client) ?? error;
      if (isConnectionError(cause)) broken = cause as Error;
      throw cause;
    } finally {
      client.release(broken);
    }
  };
}

/** Runs `work` in one transaction; Drizzle rolls back when it throws. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
