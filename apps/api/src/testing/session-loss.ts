// A database session lost at one exact write, on demand: a trigger that fails the statements it
// matches as pg_terminate_backend does (SQLSTATE 57P01), so a test can cut a flow between two of its
// writes (an operator ending backends, PostgreSQL restarting) and check what the customer is left with.
import type pg from 'pg';

type Timing = 'INSERT' | 'UPDATE';

/** Writes (`timing`) to `table` whose rows match `when` fail as an ended session does, until `restoreSession`. */
export async function loseSessionWhen(pool: pg.Pool, table: string, timing: Timing, when: string): Promise<void> {
  await pool.query(`
    CREATE OR REPLACE FUNCTION session_lost() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01'; END $$`);
  await pool.query(
    `CREATE TRIGGER session_lost_${table} BEFORE ${timing} ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION session_lost()`,
  );
}

/** Writes to these tables go through again. */
export async function restoreSession(pool: pg.Pool, ...tables: string[]): Promise<void> {
  for (const table of tables) await pool.query(`DROP TRIGGER IF EXISTS session_lost_${table} ON ${table}`);
}
