// Runs a request while the app's pool has one free connection. A code path that holds a connection
// and waits for a second (a transaction that calls something querying through the pool instead of
// the transaction) then waits for the pool's connection timeout and answers 503. In production the
// same path stops the whole process once every connection waits on a lock its holder keeps: 20
// lenders funding one loan request did (issue 21's note, 2026-11-29).
import type pg from 'pg';

export async function withOneFreeConnection<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const held = await Promise.all(Array.from({ length: pool.options.max - 1 }, () => pool.connect()));
  try {
    return await work();
  } finally {
    for (const client of held) client.release();
  }
}
