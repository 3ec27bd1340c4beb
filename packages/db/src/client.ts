// The connection pool and the Drizzle handle every module shares.
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.ts';

// bigint columns (int8, oid 20) come back as JS bigint, never as a lossy number or a string.
pg.types.setTypeParser(20, (value) => BigInt(value));

export type Schema = typeof schema;
/** The Drizzle handle, with its pool as `$client` for the few hot statements sent as prepared statements. */
export type Db = NodePgDatabase<Schema> & { $client: pg.Pool };

export interface Database {
  readonly pool: pg.Pool;
  readonly db: Db;
  close(): Promise<void>;
}

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}

/** Runs `work` in one transaction; Drizzle rolls back when it throws. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
