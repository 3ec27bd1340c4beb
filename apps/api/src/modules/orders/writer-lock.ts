// "One writer per market" across processes (DESIGN §2): the order sequencer writes only while it holds
// a PostgreSQL advisory lock, taken on a connection of its own and kept for as long as the process
// runs. A second process started on the same database cannot take it, so it refuses orders instead
// of running a second copy of the books. The lock goes with its connection: if that connection
// drops, another process may take over, so every batch's commit also checks, in its own statement,
// that this writer's session still holds the lock (orders_commit_batch's p_writer_pid), and a writer
// that lost it can never commit.
import type pg from 'pg';

/** The lock's key (two int4, so it reads plainly in pg_locks: classid 7261, objid 2). */
export const WRITER_LOCK_KEY = [7261, 2] as const;

export interface WriterLock {
  /** The backend pid of the session holding the lock: what each commit checks. */
  readonly pid: number;
  /** False once the lock's connection has gone (the lock went with it). */
  held(): boolean;
  release(): Promise<void>;
}

/** Takes the writer lock, or null when another session holds it. */
export async function takeWriterLock(pool: pg.Pool): Promise<WriterLock | null> {
  const client = await pool.connect();
  let held = true;
  const lost = () => {
    held = false;
  };
  try {
    const { rows } = await client.query<{ taken: boolean; pid: number }>(
      'SELECT pg_try_advisory_lock($1, $2) AS taken, pg_backend_pid() AS pid',
      [...WRITER_LOCK_KEY],
    );
    if (!rows[0]?.taken) {
      client.release();
      return null;
    }
    client.on('error', lost);
    client.on('end', lost);
    const { pid } = rows[0];
    let released = false;
    return {
      pid,
      held: () => held,
      release: async () => {
        if (released) return;
        released = true;
        if (!held) return client.release(new Error('the writer lock connection was lost'));
        held = false;
        await client.query('SELECT pg_advisory_unlock($1, $2)', [...WRITER_LOCK_KEY]).catch(() => undefined);
        client.release();
      },
    };
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
}
