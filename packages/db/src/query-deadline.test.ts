// The pool's query deadline (ADR 0071) against a statement PostgreSQL does not answer: it is kept
// waiting on a lock another session holds, as a hung server or a partition keeps it waiting. The
// statement fails after its deadline, its connection is closed rather than pooled, a transaction
// fails at once (not after a second deadline for its ROLLBACK) and commits nothing, and the pool
// serves the next statement.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from './client.ts';
import { isConnectionError } from './connection-errors.ts';
import { isQueryDeadline, withoutQueryDeadline } from './query-deadline.ts';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';

const DEADLINE_MS = 400;
/** Generous: a shared two-core machine may be slow, but never by a second deadline's worth plus this. */
const SLACK_MS = 1_500;
const LOCK = 7_100_071;

let test: TestDatabase;
let database: Database;
let holder: pg.PoolClient | undefined;
beforeAll(async () => {
  test = await createTestDatabase();
  database = connectDatabase(test.url, { max: 2, queryDeadlineMs: DEADLINE_MS });
  await test.pool.query('CREATE TABLE deadline_rows (id int PRIMARY KEY)');
});
afterEach(async () => {
  await holder?.query('SELECT pg_advisory_unlock_all()');
  holder?.release();
  holder = undefined;
});
afterAll(async () => {
  await database.close();
  await test.destroy();
});

/** Another session takes the lock: a statement that asks for it gets no answer until it is let go. */
async function holdLock(): Promise<void> {
  holder = await test.pool.connect();
  await holder.query('SELECT pg_advisory_lock($1)', [LOCK]);
}

async function timed<T>(work: Promise<T>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  const error = await work.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  return { error, ms: performance.now() - started };
}

const lent = () => database.pool.totalCount - database.pool.idleCount;
const backends = async () =>
  (
    await test.pool.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%pg_advisory_xact_lock%' AND pid <> pg_backend_pid()`,
    )
  ).rows[0]!.count;

describe('a new connection of a pool with a deadline', () => {
  it('checks its client from its first statement on, without queueing statements on the client', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const fresh = connectDatabase(test.url, { max: 4, queryDeadlineMs: DEADLINE_MS });
    try {
      // Four new connections at once, each asked for a statement the moment it opens.
      const shown = await Promise.all(
        Array.from({ length: 4 }, () =>
          fresh.pool
            .query<{ interval: string }>("SELECT current_setting('client_connection_check_interval') AS interval")
            .then(({ rows }) => rows[0]!.interval),
        ),
      );
      expect(shown).toEqual(['1s', '1s', '1s', '1s']);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await fresh.close();
    }
  });
});

describe('a statement the database does not answer', () => {
  it('fails after its deadline as the database out of reach, and the pool serves the next', async () => {
    await holdLock();
    const { error, ms } = await timed(database.pool.query('SELECT pg_advisory_xact_lock($1)', [LOCK]));
    expect(isQueryDeadline(error)).toBe(true);
    expect(isConnectionError(error)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    expect(lent()).toBe(0);
    // Its connection was closed, not given back: the statement still waits on the server until the
    // lock is let go, and a pooled client would have queued behind it.
    expect((await database.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('fails its transaction at once, with the deadline, and nothing of it commits', async () => {
    await holdLock();
    const work = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO deadline_rows VALUES (1)`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK})`);
    });
    const { error, ms } = await timed(work);
    // The deadline, not the ROLLBACK's lost connection; and not a second deadline for the ROLLBACK.
    expect(isQueryDeadline(error)).toBe(true);
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    expect(lent()).toBe(0);
    // The server's side of that connection ends once the lock lets it go: its insert never commits.
    await holder!.query('SELECT pg_advisory_unlock_all()');
    for (let tries = 0; (await backends()) > 0 && tries < 200; tries += 1) await sleep(10);
    expect(await backends()).toBe(0);
    expect((await test.pool.query('SELECT id FROM deadline_rows')).rows).toEqual([]);
    await database.db.transaction((tx) => tx.execute(sql`INSERT INTO deadline_rows VALUES (2)`));
    expect((await test.pool.query('SELECT id FROM deadline_rows')).rows).toEqual([{ id: 2 }]);
  });

  it('leaves no backend behind: the server ends the statement once its connection is closed', async () => {
    await holdLock();
    const { error } = await timed(database.pool.query('SELECT pg_advisory_xact_lock($1)', [LOCK]));
    expect(isQueryDeadline(error)).toBe(true);
    // The lock is still held: only the closed connection can end that backend (and its transaction).
    for (let tries = 0; (await backends()) > 0 && tries < 250; tries += 1) await sleep(20);
    expect(await backends()).toBe(0);
  });

  it('fails on a checked-out client, which the pool then drops', async () => {
    await holdLock();
    const client = await database.pool.connect();
    const { error } = await timed(client.query('SELECT pg_advisory_xact_lock($1)', [LOCK]));
    expect(isQueryDeadline(error)).toBe(true);
    // Whatever follows on that client fails at once as a lost connection, not after the lock.
    const next = await timed(client.query('SELECT 1'));
    expect(isConnectionError(next.error)).toBe(true);
    expect(isQueryDeadline(next.error)).toBe(false);
    expect(next.ms).toBeLessThan(DEADLINE_MS);
    client.release();
    expect(lent()).toBe(0);
    expect(database.pool.totalCount).toBeLessThanOrEqual(1);
  });

  it('keeps a shorter deadline a statement names itself', async () => {
    await holdLock();
    const probe = { text: 'SELECT pg_advisory_xact_lock($1)', values: [LOCK], query_timeout: 100 };
    const { error, ms } = await timed(database.pool.query(probe));
    expect(isQueryDeadline(error)).toBe(true);
    expect(ms).toBeLessThan(DEADLINE_MS);
  });

  it('has no deadline inside withoutQueryDeadline (migrations, the reserves snapshot)', async () => {
    const { rows } = await withoutQueryDeadline(() =>
      database.pool.query<{ slept: string }>(`SELECT pg_sleep(${(DEADLINE_MS * 2) / 1000})::text AS slept`),
    );
    expect(rows).toEqual([{ slept: '' }]);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
