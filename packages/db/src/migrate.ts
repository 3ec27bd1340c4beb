// Applies the numbered SQL files of ../migrations in name order, each once, each in its own
// transaction, then the SQL function files (apply-functions.ts). Plain SQL (not generated) because
// the money core needs functions, CHECKs and locks that an ORM's schema diff does not express; see
// docs/adr/0002-sql-migrations.md. Migrations hold schema changes only; each function lives in one
// file of its owner (docs/adr/0022-sql-functions-single-source.md).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { applyFunctions } from './apply-functions.ts';

export const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

export async function listMigrations(): Promise<string[]> {
  return (await readdir(migrationsDir)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
}

/** Returns the migrations and then the function files it applied. */
export async function migrate(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    // One migrator at a time, even with several processes starting together.
    await client.query('SELECT pg_advisory_lock(7261001)');
    const { applied: migrations, newer } = await applyMigrations(client);
    // A database migrated by a newer release (it knows migrations this code does not) keeps that
    // release's functions: an older server restarting during a rolling deploy must not put its own
    // versions back.
    if (newer.length > 0) return migrations;
    return [...migrations, ...(await applyFunctions(client, { all: migrations.length > 0 }))];
  } finally {
    await client.query('SELECT pg_advisory_unlock(7261001)').catch(() => undefined);
    client.release();
  }
}

async function applyMigrations(client: pg.PoolClient): Promise<{ applied: string[]; newer: string[] }> {
  const applied: string[] = [];
  await client.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
  );
  const known = await listMigrations();
  const newer = [...done].filter((name) => !known.includes(name));
  for (const name of known) {
    if (done.has(name)) continue;
    const sql = await readFile(path.join(migrationsDir, name), 'utf8');
    await client.query('BEGIN');
    try {
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw new Error(`migration ${name} failed: ${(error as Error).message}`);
    }
    applied.push(name);
  }
  return { applied, newer };
}
