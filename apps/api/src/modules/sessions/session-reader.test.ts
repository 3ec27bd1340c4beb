// The batched session read on real PostgreSQL: the reads of one turn share one query, each waiter
// gets its own row (or none), and a failed query fails every read it carried, not just one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@rora/db';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createTestUser } from '../../testing/users.ts';
import { SessionReader } from './session-reader.ts';
import { hashToken } from './sessions.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The test database, counting the queries started through its pool. */
function countingDb(): { db: Db; queries: () => number } {
  let queries = 0;
  const pool = t.database.db.$client;
  const client = new Proxy(pool, {
    get(target, property) {
      if (property !== 'query') return Reflect.get(target, property, target) as unknown;
      return (...args: Parameters<typeof pool.query>) => {
        queries += 1;
        return (pool.query as (...rest: unknown[]) => unknown)(...args);
      };
    },
  });
  const db = new Proxy(t.database.db, {
    get: (target, property, receiver) =>
      property === '$client' ? client : (Reflect.get(target, property, receiver) as unknown),
  });
  return { db, queries: () => queries };
}

describe('SessionReader', () => {
  it('reads the sessions asked for in one turn with one query, each to its own caller', async () => {
    const customers = await Promise.all([1, 2, 3, 4, 5].map(() => createTestUser(t, { kycStatus: 'approved' })));
    const { db, queries } = countingDb();
    const reader = new SessionReader(db);
    const tokens = [...customers.map((customer) => customer.token), 'not-a-session', customers[0]!.token];
    const rows = await Promise.all(tokens.map((token) => reader.read(hashToken(token))));
    expect(rows.map((row) => row?.userId)).toEqual([
      ...customers.map((customer) => customer.userId),
      undefined,
      customers[0]!.userId,
    ]);
    expect(rows[0]).toMatchObject({ kycStatus: 'approved' });
    expect(queries()).toBe(1);
    await reader.read(hashToken(customers[1]!.token));
    expect(queries()).toBe(2);
  });

  it('fails every read of a batch whose query fails', async () => {
    const pool = { query: () => Promise.reject(new Error('connection terminated')) };
    const failing = new Proxy(t.database.db, {
      get: (target, property, receiver) =>
        property === '$client' ? pool : (Reflect.get(target, property, receiver) as unknown),
    });
    const reader = new SessionReader(failing);
    const reads = [1, 2, 3].map((n) => reader.read(hashToken(`token-${n}`)));
    for (const read of reads) await expect(read).rejects.toThrow('connection terminated');
  });
});
