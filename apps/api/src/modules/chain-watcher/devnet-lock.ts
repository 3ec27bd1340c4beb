// One process runs the devnet (ADR 0048): the one holding this PostgreSQL advisory lock, taken on a
// connection of its own for as long as the process runs. It restores the devnet from its journal,
// mines on the timers and writes every change over that connection. Another process on the same
// database reads the journal and neither mines nor writes: its devnet is a read-only copy, until it
// takes the lock itself once the owner has gone (ADR 0082).
import type pg from 'pg';

/** The lock's key (two int4, so it reads plainly in pg_locks: classid 7261, objid 96). */
export const DEVNET_LOCK_KEY = [7261, 96] as const;

export interface DevnetLock {
  /** The connection that holds the lock: the journal writes over it. */
  readonly client: pg.PoolClient;
  /**
   * The owner generation this taking made (table devnet_owner): every taker adds one under the lock,
   * so a taker that finds its predecessor's generation plus one knows nobody held the lock between.
   */
  readonly generation: bigint;
  /** True once the connection has failed: the lock went with it. */
  lost(): boolean;
  release(): Promise<void>;
}

/**
 * How long a starting process tries for the lock. The session of a process killed a moment ago may
 * hold it until PostgreSQL notices its client is gone; a restart must not become a reader for that.
 */
export const DEVNET_LOCK_WAIT_MS = 5_000;
const RETRY_MS = 100;

/** Takes the devnet lock, or null when another session still holds it after `waitMs`. */
export async function takeDevnetLock(pool: pg.Pool, waitMs = DEVNET_LOCK_WAIT_MS): Promise<DevnetLock | null> {
  const client = await pool.connect();
  let generation: bigint;
  try {
    for (const deadline = Date.now() + waitMs; ;) {
      const { rows } = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS taken', [
        ...DEVNET_LOCK_KEY,
      ]);
      if (rows[0]?.taken) break;
      if (Date.now() >= deadline) {
        client.release();
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    const { rows } = await client.query<{ generation: string }>(
      'UPDATE devnet_owner SET generation = generation + 1 RETURNING generation::text AS generation',
    );
    if (!rows[0]) throw new Error('devnet_owner holds no row (migration 0110)');
    generation = BigInt(rows[0].generation);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  // A lost connection takes the lock with it: the journal's writes then fail, and the next one takes
  // the lock again on a new connection (renewingDevnetLock); it never writes without the lock.
  let lost = false;
  client.on('error', () => {
    lost = true;
  });
  client.on('end', () => {
    lost = true;
  });
  let released = false;
  return {
    client,
    generation,
    lost: () => lost,
    async release() {
      if (released) return;
      released = true;
      if (lost) return client.release(new Error('the devnet lock connection was lost'));
      await client.query('SELECT pg_advisory_unlock($1, $2)', [...DEVNET_LOCK_KEY]).catch(() => undefined);
      client.release();
    },
  };
}

/**
 * Whether no session holds the devnet lock now, read from pg_locks without taking it. A reader takes
 * the devnet over only after seeing the lock free twice, a try apart (chain-registry.ts): an owner
 * whose lock connection was cut takes the lock again at its next write, within a block, and must
 * not find a reader in its place (it would go on with a copy nobody writes).
 */
export async function devnetLockIsFree(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ held: boolean }>(
    // An advisory lock is one database's: another database on the server may hold its own.
    `SELECT EXISTS (SELECT 1 FROM pg_locks
                     WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND objsubid = 2 AND granted
                       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS held`,
    [...DEVNET_LOCK_KEY],
  );
  return rows[0]?.held === false;
}

/** A try that answers true only the second time in a row it finds the lock free (devnetLockIsFree). */
export function lockFreeTwice(pool: pg.Pool): () => Promise<boolean> {
  let seenFree = false;
  return async () => {
    const free = await devnetLockIsFree(pool);
    const second = free && seenFree;
    seenFree = free;
    return second;
  };
}

/**
 * The lock of the process that writes the devnet, taken again on a new connection when its own was
 * lost (a database restart, a terminated backend): a write waits for it rather than stall the devnet
 * until a restart. If another process took the lock meanwhile (a reader that saw it free twice, ADR
 * 0082), this process is displaced: `displaced` is called once, the write fails with its error, and
 * so does every later one. The caller steps down (ADR 0083). So it is when the lock is free again but
 * another process held it between (the owner generation moved by more than this taking): that one
 * may have written the devnet, and this process's memory no longer matches the tables.
 */
export function renewingDevnetLock(
  pool: pg.Pool,
  first: DevnetLock,
  options: { displaced?: (error: Error) => void; waitMs?: number } = {},
) {
  let lock: DevnetLock | null = first;
  let renewing: Promise<DevnetLock> | null = null;
  let displacedBy: Error | undefined;
  /** The generation of this process's last taking: the next must be the one after it. */
  let generation = first.generation;
  const renew = async (): Promise<DevnetLock> => {
    await lock?.release();
    lock = await takeDevnetLock(pool, options.waitMs);
    // Taken again, but after another taker (a reader that saw it free twice, took it, maybe wrote the
    // devnet, and let it go within the wait): this process's memory is stale, and writing from it
    // would lay its chain over that owner's rows. It lets the lock go and steps down as if it were held.
    if (lock && lock.generation !== generation + 1n) {
      await lock.release();
      lock = null;
      displacedBy = new Error('another process owned the devnet meanwhile: this one steps down to read the devnet');
    } else if (!lock) {
      displacedBy = new Error('another process holds the devnet lock: this one steps down to read the devnet');
    }
    if (displacedBy) {
      options.displaced?.(displacedBy);
      throw displacedBy;
    }
    generation = (lock as DevnetLock).generation;
    return lock as DevnetLock;
  };
  return {
    /** The connection holding the lock, taken again first if it was lost. */
    async connection(): Promise<pg.ClientBase> {
      if (displacedBy) throw displacedBy;
      if (lock && !lock.lost()) return lock.client;
      renewing ??= renew().finally(() => (renewing = null));
      return (await renewing).client;
    },
    release: () => lock?.release() ?? Promise.resolve(),
  };
}
