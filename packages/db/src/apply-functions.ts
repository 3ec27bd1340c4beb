// Applies the SQL function files of sql-functions.ts (ADR 0022), each in its own transaction, in the
// manifest's order: a file whose content changed since it was last applied (sha256 in
// schema_functions), and every file after a run that applied a migration, since a migration may have
// dropped what a file creates (a table and its trigger, a function dropped with CASCADE). Files
// only CREATE OR REPLACE, so applying one again changes nothing. Runs under the migrator's lock.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { SQL_FUNCTION_FILES } from './sql-functions.ts';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface SqlFunctionFile {
  /** The function's name, which is the file's name. */
  name: string;
  /** From the repository's root. */
  file: string;
  sql: string;
  checksum: string;
}

export async function readFunctionFiles(files: readonly string[] = SQL_FUNCTION_FILES): Promise<SqlFunctionFile[]> {
  const read: SqlFunctionFile[] = [];
  for (const file of files) {
    const name = path.basename(file, '.sql');
    if (read.some((other) => other.name === name)) throw new Error(`two SQL function files are named ${name}`);
    const sql = await readFile(path.join(repositoryRoot, file), 'utf8');
    read.push({ name, file, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return read;
}

export async function applyFunctions(client: pg.PoolClient, options: { all: boolean }): Promise<string[]> {
  await client.query(
    `CREATE TABLE IF NOT EXISTS schema_functions (name text PRIMARY KEY, checksum text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const files = await readFunctionFiles();
  const { rows } = await client.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM schema_functions',
  );
  const known = new Map(rows.map((r) => [r.name, r.checksum]));
  const applied: string[] = [];
  for (const { name, file, sql, checksum } of files) {
    if (!options.all && known.get(name) === checksum) continue;
    await client.query('BEGIN');
    try {
      await client.query(sql);
      await client.query(
        `INSERT INTO schema_functions (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`,
        [name, checksum],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw new Error(`SQL function file ${file} failed: ${(error as Error).message}`);
    }
    applied.push(file);
  }
  // A file no longer listed leaves no row: were it listed again, it would be applied again.
  await client.query('DELETE FROM schema_functions WHERE NOT (name = ANY ($1::text[]))', [files.map((f) => f.name)]);
  return applied;
}
