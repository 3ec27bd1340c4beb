// "One writer per market" across processes (DESIGN §2): the order sequencer writes only while it holds
// a PostgreSQL advisory lock, taken on a connection outside the pool (one per process, for all the
// shards it writes) and kept for as long as the process runs. A second process started on the same
// database cannot take it, so it refuses orders instead of running a second copy of the books. The
// lock goes with its connection: if that connection drops, another process may take over, so every
// batch's commit also checks, in its own statement, that this writer's session still holds the lock
// (orders_commit_batch's p_writer_pid), and a writer that lost it can never commit.
//
// That check runs with the chain row held, so a batch that passed it before the old writer's session
// ended (a killed server's backends end only when they next touch their socket) still holds the
// chain row and can still commit once the lock has changed hands. A new writer therefore takes the
// lock, then the chain row (FOR UPDATE on a pooled connection, given back at once): that waits for
// such a batch to end, and every batch of an older writer that reaches the chain later fails the
// check (ADR 0023). Only then may it read its books.
//
// Each market shard (ADR 0046) has its own lock, chain row and batch marks: a process may write
// several shards, each under its own lock, and another process takes over one shard without the
// others. Shard 0's lock, chain and marks are those of the single writer before shards.
//
// A writer that hangs (a stopped process, an event loop blocked, a host frozen) keeps its socket and
// so its lock: the kernel answers for it. Its lock is therefore a lease: the lock session asks
// PostgreSQL to end it once idle for WRITER_LEASE_MS (idle_session_timeout) and sends a statement
// every WRITER_PING_MS while it holds a lock. A writer that stops sending loses its locks to the
// database itself, another process takes its shards over, and when it wakes its session is gone:
// its batches fail the commit's check and it holds nothing (ADR 0067).
//
// The woken writer learns that its session is gone only when its client reads the socket, some time
// after it runs again; until then it would serve its books as the writer. So the holder counts on
// its lease only for WRITER_TRUST_MS after it sent the last statement the session answered, by its
// own monotonic clock: a process that wakes from a stall longer than that knows at once that its
// lease may have lapsed, and asks the database (`renew`) before it writes or serves again.
import { performance } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';
import pg from 'pg';
import { createTurns } from '../../lib/turns.ts';

/** Shard 0's key (two int4, so it reads plainly in pg_locks: classid 7261, objid 2). */
export const WRITER_LOCK_KEY = [7261, 2] as const;

/** The writer lock of a shard: classid 7261, objid 2 + shard (orders_commit_batch checks the same). */
export function writerLockKey(shard: number): readonly [number, number] {
  return [WRITER_LOCK_KEY[0], WRITER_LOCK_KEY[1] + shard];
}

/**
 * How long a new writer waits for a batch of an older writer that holds the chain row. A batch holds
 * it for milliseconds; one held longer (blocked on a lock) fails the take, and orders are refused
 * until a later batch takes the lock again, rather than read books such a batch may still change.
 */
export const FENCE_TIMEOUT_MS = 5_000;

/** How long a lock session may go without a statement before PostgreSQL ends it (the writer's lease). */
export const WRITER_LEASE_MS = 5_000;
/** How often a lock session renews its lease: a fifth of it, so a late timer or two is no loss. */
export const WRITER_PING_MS = 1_000;
/**
 * How long after sending a statement the session answered the holder counts on its lease: two
 * renewals short of it. The server's idle timer starts only once it has answered, so the lease runs
 * at least WRITER_LEASE_MS from the send; the margin leaves room for a check acted on a moment later.
 * A stall shorter than WRITER_TRUST_MS - WRITER_PING_MS never makes a writer doubt its lease.
 */
export const WRITER_TRUST_MS = WRITER_LEASE_MS - 2 * WRITER_PING_MS;

/** Both statements in one implicit transaction: the timeout applies to the chain row only. */
const fence = (shard: number) => `SELECT set_config('lock_timeout', '${FENCE_TIMEOUT_MS}ms', true);
SELECT last_batch FROM order_chain WHERE shard = ${shard} FOR UPDATE`;

/**
 * A shard's ring of batch marks and chain row, made by its first writer (shard 0's by migrations).
 * Only when the chain row is missing: an insert that meets the row would wait for a batch of an
 * older writer that holds it, outside the fence's timeout.
 */
async function openShard(client: pg.Pool, shard: number): Promise<void> {
  const { rowCount } = await client.query('SELECT 1 FROM order_chain WHERE shard = $1', [shard]);
  if (rowCount) return;
  // The marks first: a chain row is only ever there with its marks.
  await client.query(
    `INSERT INTO order_batch_marks (shard, slot, batch, token)
     SELECT $1, s, -1, '00000000-0000-0000-0000-000000000000' FROM generate_series(0, 4095) AS s
     ON CONFLICT (shard, slot) DO NOTHING`,
    [shard],
  );
  await client.query('INSERT INTO order_chain (shard, last_batch) VALUES ($1, 0) ON CONFLICT (shard) DO NOTHING', [
    shard,
  ]);
}

export interface WriterLock {
  /** The backend pid of the session holding the lock: what each commit checks. */
  readonly pid: number;
  /**
   * True while the lease surely holds: the connection is up and the session answered a statement
   * sent less than WRITER_TRUST_MS ago. No database call, so a process that wakes from a stall
   * longer than that says false at once, before its client has read what the database did meanwhile.
   */
  held(): boolean;
  /** True once the lock is surely gone: its connection dropped, or it was given back. */
  lost(): boolean;
  /**
   * Renews the lease now (one statement, in turn with the session's others) and says whether it is
   * held: false if the statement failed or did not come back within WRITER_PING_MS. An answer proves
   * the session, and so the lock, lasted all along: nobody else can have written the shard meanwhile.
   */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

interface LockConnection {
  readonly client: pg.Client;
  alive: boolean;
  /**
   * When (performance.now) the latest statement the session answered was sent: the lease runs at
   * least WRITER_LEASE_MS from it. The send, not the answer: an answer read after a stall may have
   * waited in the socket while the server ended the session.
   */
  renewedAt: number;
  /** The shards whose locks it holds (advisory locks are re-entrant: one is never taken twice). */
  readonly shards: Set<number>;
}

/** A statement on the lock session; its answer renews the lease from the moment it was sent. */
async function ask<R extends pg.QueryResultRow>(
  connection: LockConnection,
  text: string,
  values?: unknown[],
): Promise<pg.QueryResult<R>> {
  const sent = performance.now();
  const result = await connection.client.query<R>(text, values);
  connection.renewedAt = Math.max(connection.renewedAt, sent);
  return result;
}

async function openConnection(config: pg.ClientConfig): Promise<LockConnection> {
  // Keepalive: a connection gone silently is found out, not waited on by every shard's take.
  const client = new pg.Client({ ...config, keepAlive: true });
  const connection: LockConnection = { client, alive: true, renewedAt: -Infinity, shards: new Set<number>() };
  const lost = () => {
    connection.alive = false;
  };
  client.on('error', lost);
  client.on('end', lost);
  await client.connect();
  try {
    await ask(connection, `SET idle_session_timeout = ${WRITER_LEASE_MS}`);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return connection;
}

/**
 * The lock session's statements one after another (pg runs one query at a time on a connection).
 * Only the lock's own and the lease's, which answer at once: the shard's chain row is made and fenced through the
 * pool, since a fence may wait seconds for an older writer's batch and would hold up every shard.
 */
const turns = createTurns<pg.Pool>();

/** One renewal of the session's lease; a failure is the connection's, which its events report. */
async function renewLease(pool: pg.Pool, connection: LockConnection): Promise<void> {
  if (!connection.alive) return;
  await turns(pool, () => ask(connection, 'SELECT 1')).catch(() => undefined);
}

/**
 * The one connection a process holds its writer locks on, whatever the number of shards it writes.
 * A pooled connection a lock used to keep was lost to requests for good: a process writing as many
 * shards as its pool has connections had none left. Opened by a take, ended once no lock is held or
 * being taken; when it drops, every lock on it goes with it and the next take opens another.
 */
class LockSession {
  private connection: Promise<LockConnection> | null = null;
  private users = 0;
  private pings: NodeJS.Timeout | null = null;

  constructor(private readonly pool: pg.Pool) {}

  /** The live connection (a new one if the last dropped), counted as used until `leave`. */
  join(): Promise<LockConnection> {
    this.users += 1;
    const before = this.connection;
    const next = (async () => {
      const current = before ? await before.catch(() => null) : null;
      return current?.alive ? current : openConnection(this.pool.options as pg.ClientConfig);
    })();
    this.connection = next;
    this.renewing();
    return next.catch((error: unknown) => {
      this.leave();
      throw error;
    });
  }

  leave(): void {
    this.users -= 1;
    if (this.users > 0) return;
    if (this.pings) clearInterval(this.pings);
    this.pings = null;
    const ending = this.connection;
    this.connection = null;
    void ending?.then((connection) => connection.client.end()).catch(() => undefined);
  }

  /** The lease's renewal while the session is used: one statement a tick, in turn with the locks'. */
  private renewing(): void {
    if (this.pings) return;
    const ping = async () => {
      const connection = await this.connection?.catch(() => null);
      if (connection) await renewLease(this.pool, connection);
    };
    this.pings = setInterval(() => void ping(), WRITER_PING_MS);
    this.pings.unref();
  }
}

/** One session per pool: the processes' sequencers, one per shard, share their app's. */
const sessions = new WeakMap<pg.Pool, LockSession>();

function sessionOf(pool: pg.Pool): LockSession {
  let session = sessions.get(pool);
  if (!session) {
    session = new LockSession(pool);
    sessions.set(pool, session);
  }
  return session;
}

/**
 * Whether some session holds the shard's lock, read through the pool: a spare process asks every
 * second (the takeover watch), and opens its lock session only when the lock is free.
 */
async function heldNow(pool: pg.Pool, key: readonly [number, number]): Promise<boolean> {
  const { rows } = await pool.query<{ held: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = $1 AND objid = $2
                      AND objsubid = 2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))
       AS held`,
    [...key],
  );
  return rows[0]?.held === true;
}

/** The lock on the session's connection, unless it holds it already: the session's pid, or null. */
async function tryLock(connection: LockConnection, shard: number): Promise<number | null> {
  if (connection.shards.has(shard)) return null;
  const { rows } = await ask<{ taken: boolean; pid: number }>(
    connection,
    'SELECT pg_try_advisory_lock($1, $2) AS taken, pg_backend_pid() AS pid',
    [...writerLockKey(shard)],
  );
  if (rows[0]?.taken !== true) return null;
  connection.shards.add(shard);
  return rows[0].pid;
}

async function unlock(connection: LockConnection, shard: number): Promise<void> {
  if (!connection.shards.delete(shard) || !connection.alive) return;
  await ask(connection, 'SELECT pg_advisory_unlock($1, $2)', [...writerLockKey(shard)]).catch(() => undefined);
}

/**
 * Takes the shard's writer lock, or null when another session holds it. Once it resolves, no batch
 * of an older writer of the shard can commit any more: books read from now on are final.
 */
export async function takeWriterLock(pool: pg.Pool, shard = 0): Promise<WriterLock | null> {
  if (!Number.isInteger(shard) || shard < 0 || shard > 63) throw new RangeError(`no market shard ${shard}`);
  if (await heldNow(pool, writerLockKey(shard))) return null;
  const session = sessionOf(pool);
  const connection = await session.join();
  let done = false;
  const leave = () => {
    if (done) return;
    done = true;
    session.leave();
  };
  const giveBack = async () => {
    await turns(pool, () => unlock(connection, shard));
    leave();
  };
  const pid = await turns(pool, () => tryLock(connection, shard)).catch((error: unknown) => {
    leave();
    throw error;
  });
  if (pid === null) {
    leave();
    return null;
  }
  try {
    await openShard(pool, shard);
    await pool.query(fence(shard));
  } catch (error) {
    // Taken but not fenced: given back, so no session keeps a lock nobody uses.
    await giveBack();
    throw error;
  }
  const lost = () => done || !connection.alive;
  const held = () => !lost() && performance.now() - connection.renewedAt < WRITER_TRUST_MS;
  return {
    pid,
    held,
    lost,
    renew: async () => {
      if (lost()) return false;
      // A statement stuck behind a connection gone silent would hold its caller for keepalive's time.
      await Promise.race([renewLease(pool, connection), pause(WRITER_PING_MS, undefined, { ref: false })]);
      return held();
    },
    release: async () => {
      if (!done) await giveBack();
    },
  };
}
