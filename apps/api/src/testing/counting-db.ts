// A database handle that counts the queries started through its pool, for tests that prove work is
// batched (one query for many callers); and one whose every query fails, for the failure path.
import type { Db } from '@rora/db';

function withClient(db: Db, client: unknown): Db {
  return new Proxy(db, {
    get: (target, property, receiver) =>
      property === '$client' ? client : (Reflect.get(target, property, receiver) as unknown),
  });
}

export function countingDb(source: Db): { db: Db; queries: () => number } {
  let queries = 0;
  const pool = source.$client;
  const client = new Proxy(pool, {
    get(target, property) {
      if (property !== 'query') return Reflect.get(target, property, target) as unknown;
      return (...args: Parameters<typeof pool.query>) => {
        queries += 1;
        return (pool.query as (...rest: unknown[]) => unknown)(...args);
      };
    },
  });
  return { db: withClient(source, client), queries: () => queries };
}

/** A handle whose every query fails with `message`, as after a lost connection. */
export function failingDb(source: Db, message: string): Db {
  return withClient(source, { query: () => Promise.reject(new Error(message)) });
}
