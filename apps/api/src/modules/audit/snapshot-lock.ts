// One snapshot at a time, and nothing left of one that died. Snapshots take a PostgreSQL advisory
// lock for their whole run (held by a session, so a killed process lets go of it at once). Holding
// it, a snapshot still marked `building` can only be one whose process died mid-way (kill -9, a lost
// connection): its leaf table and its row are removed before the next one starts.
// A snapshot waiting for the lock holds no connection (ADR 0064): it tries the lock and, when another
// holds it, gives its connection back and tries again a little later. Waiting on `pg_advisory_lock`
// kept one connection per waiter, so enough snapshots asked for at once held every connection the
// running one needed. The connection that holds the lock is the snapshot's writer.
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { dropLeavesTable } from './snapshot-writes.ts';

/** The advisory lock's key: any 64-bit number no other lock of Rora uses. */
const SNAPSHOT_LOCK = 7_061_207_133_901_551n;
/** How long a snapshot waits before it tries a held lock again (a snapshot takes seconds to minutes). */
const SNAPSHOT_LOCK_RETRY_MS = 200;

async function removeAbandoned(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM audit_snapshots WHERE status = 'building'`);
  for (const { id } of rows) {
    await dropLeavesTable(client, id);
    await client.query('DELETE FROM audit_snapshots WHERE id = $1', [id]);
  }
  return rows.length;
}

/** A connection holding the snapshot lock; none is kept while another snapshot holds it. */
async function lockedConnection(pool: pg.Pool): Promise<pg.PoolClient> {
  for (;;) {
    const client = await pool.connect();
    let locked = false;
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        SNAPSHOT_LOCK.toString(),
      ]);
      locked = rows[0]?.locked === true;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    if (locked) return client;
    client.release();
    await sleep(SNAPSHOT_LOCK_RETRY_MS * (0.5 + Math.random()));
  }
}

/**
 * Runs `work` holding the snapshot lock, after removing what dead snapshots left; `work` writes on
 * the connection that holds the lock. A connection whose unlock failed is closed, not pooled: its
 * session would keep the lock and stop every later snapshot.
 */
export async function withSnapshotLock<T>(pool: pg.Pool, work: (writer: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await lockedConnection(pool);
  let broken: Error | undefined;
  try {
    await removeAbandoned(client);
    return await work(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SNAPSHOT_LOCK.toString()]).catch((error: Error) => {
      broken = error;
    });
    client.release(broken);
  }
}
