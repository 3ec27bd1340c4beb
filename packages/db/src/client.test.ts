// The shared pool when PostgreSQL ends a session: the process lives on, and no client is lost to it;
// and when every connection is taken: a query waits a bounded time, then fails as the database out of reach.
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from './client.ts';
import { isConnectionError } from './connection-errors.ts';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';

let test: TestDatabase;
let database: Database;
beforeAll(async () => {
  test = await createTestDatabase();
  database = connectDatabase(test.url, { max: 2 });
});
afterAll(async () => {
  await database.close();
  await test.destroy();
});

/** Ends the backend of `client` from another session and waits until it is gone. */
async function terminate(client: pg.PoolClient): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID;
  await test.pool.query('SELECT pg_terminate_backend($1::int)', [pid]);
  while ((await test.pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1::int', [pid])).rowCount) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Clients lent out and not given back. */
const lent = () => database.pool.totalCount - database.pool.idleCount;

describe('a session ended by the server', () => {
  it('does not crash the process when a checked-out client loses its connection', async () => {
    const client = await database.pool.connect();
    const ended = new Promise((resolve) => client.once('end', resolve));
    // pg emits 'error' on the checked-out client before 'end'; without a listener of the pool's own,
    // the process would exit there with an unhandled 'error' event.
    await terminate(client);
    await ended;
    await expect(client.query('SELECT 1')).rejects.toSatisfy(isConnectionError);
    client.release();
    expect(lent()).toBe(0);
    expect((await database.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('gives a transaction’s client back when the connection breaks on its BEGIN', async () => {
    const breakNext = (client: pg.PoolClient) => {
      database.pool.off('acquire', breakNext);
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    };
    database.pool.on('acquire', breakNext);
    await expect(database.db.transaction(async (tx) => tx.execute(sql`SELECT 1`))).rejects.toSatisfy(isConnectionError);
    expect(lent()).toBe(0);
    // The pool still has both its clients to give: two transactions at once go through.
    const both = await Promise.all(
      [1, 2].map(() =>
        database.db.transaction(async (tx) => (await tx.execute<{ one: number }>(sql`SELECT 1 AS one`)).rows[0]),
      ),
    );
    expect(both).toEqual([{ one: 1 }, { one: 1 }]);
  });
});

describe('every connection taken', () => {
  it('fails a query that waited its time for a connection, as the database out of reach, and serves the next', async () => {
    const tight = connectDatabase(test.url, { max: 1, connectionWaitMs: 200 });
    try {
      // A transaction that asks the pool for a second connection while it holds the only one.
      const waited = tight.db.transaction(async () => tight.pool.query('SELECT 1'));
      await expect(waited).rejects.toSatisfy(isConnectionError);
      expect(tight.pool.totalCount - tight.pool.idleCount).toBe(0);
      // The pool's bound covers opening a connection too (pg-pool has one timeout for both), and the
      // failed transaction's connection was dropped: give the next query time to open its own on a
      // loaded machine, since what is checked here is that no slot was lost, not how fast PostgreSQL connects.
      tight.pool.options.connectionTimeoutMillis = 10_000;
      expect((await tight.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await tight.close();
    }
  });
});

describe('a transaction left open with nothing running', () => {
  it('is ended by PostgreSQL after its time, so its locks do not outlive a hung process', async () => {
    const short = connectDatabase(test.url, { max: 2, idleInTransactionMs: 300 });
    try {
      const client = await short.pool.connect();
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(4242)');
      await new Promise((resolve) => setTimeout(resolve, 900));
      const { rows } = await test.pool.query<{ taken: boolean }>('SELECT pg_try_advisory_lock(4242) AS taken');
      expect(rows).toEqual([{ taken: true }]);
      await test.pool.query('SELECT pg_advisory_unlock(4242)');
      await expect(client.query('SELECT 1')).rejects.toSatisfy(isConnectionError);
      client.release(true);
      expect((await short.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await short.close();
    }
  });
});

describe('a URL that asks for TLS', () => {
  /** What a server that has no TLS ("N" to every packet) receives while `url` tries one query on it. */
  async function receivedBy(url: (port: number) => string): Promise<{ bytes: Buffer; error: unknown }> {
    const chunks: Buffer[] = [];
    const server = createServer((socket) => {
      socket.on('error', () => undefined);
      socket.on('data', (chunk) => (chunks.push(chunk), socket.end('N')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const database = connectDatabase(url((server.address() as { port: number }).port), { connectionWaitMs: 2_000 });
    const error = await database.pool.query('SELECT 1').catch((error: unknown) => error);
    await database.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return { bytes: Buffer.concat(chunks), error };
  }

  it('sends nothing but the TLS request to a server without TLS, with sslmode=require (ADR 0076)', async () => {
    // Without sslmode, pg never asks for TLS: the user and database go out at once, the password next.
    const clear = await receivedBy((port) => `postgres://rora:pw@127.0.0.1:${port}/rora`);
    expect(clear.bytes.toString('latin1')).toContain('user\0rora');
    const required = await receivedBy((port) => `postgres://rora:pw@127.0.0.1:${port}/rora?sslmode=require`);
    expect(required.error).toBeInstanceOf(Error);
    expect((required.error as Error).message).toMatch(/does not support SSL/);
    // The SSLRequest: its length (8) and code 80877103, nothing else.
    expect(required.bytes).toEqual(Buffer.from([0, 0, 0, 8, 4, 210, 22, 47]));
  });
});
