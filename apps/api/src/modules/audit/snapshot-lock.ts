// One snapshot at a time, and nothing left of one that died. Snapshots take a PostgreSQL advisory
// lock for their whole run (held by a session, so a killed process lets go of it at once). Holding
// it, a snapshot still marked `building` can only be one whose process died mid-way (kill -9, a lost
// connection): its leaf table and its row are removed before the next one starts.
import type pg from 'pg';
import { dropLeavesTable } from './snapshot-writes.ts';

/** The advisory lock's key: any 64-bit number no other lock of Rora uses. */
const SNAPSHOT_LOCK = 7_061_207_133_901_551n;

async function removeAbandoned(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM audit_snapshots WHERE status = 'building'`);
  for (const { id } of rows) {
    await dropLeavesTable(client, id);
    await client.query('DELETE FROM audit_snapshots WHERE id = $1', [id]);
  }
  return rows.length;
}

/** Runs `work` holding the snapshot lock, after removing what dead snapshots left. */
export async function withSnapshotLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SNAPSHOT_LOCK.toString()]);
    try {
      await removeAbandoned(client);
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SNAPSHOT_LOCK.toString()]);
    }
  } finally {
    client.release();
  }
}
