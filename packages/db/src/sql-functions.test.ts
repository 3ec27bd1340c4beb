// The functions of a migrated database are exactly those of the SQL function files (ADR 0022): each
// has one file, each file is listed and applied, and what the database runs is what the file says.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFunctionFiles, repositoryRoot, type SqlFunctionFile } from './apply-functions.ts';
import { SQL_FUNCTION_FILES } from './sql-functions.ts';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';

const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', '.test-data', '.git', 'test-results', 'playwright-report']);
// Where a file creates its functions for the comparison, inside a transaction that is rolled back.
const SCRATCH = 'sql_file_check';

async function* sqlFolderFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sqlFolderFiles(full);
    else if (entry.name.endsWith('.sql') && path.basename(dir) === 'sql') yield path.relative(repositoryRoot, full);
  }
}

interface Definitions {
  functions: Map<string, string>;
  triggers: Map<string, string>;
}

/** The functions named `name` in `schema`, and the triggers that run them, as PostgreSQL prints them. */
async function definitions(client: pg.PoolClient, schema: string, name: string): Promise<Definitions> {
  const functions = await client.query<{ signature: string; definition: string }>(
    `SELECT p.oid::regprocedure::text AS signature, pg_get_functiondef(p.oid) AS definition
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = $1 AND (p.proname = $2 OR $1 <> 'public') ORDER BY 1`,
    [schema, name],
  );
  const triggers = await client.query<{ trigger: string; definition: string }>(
    `SELECT t.tgname AS trigger, pg_get_triggerdef(t.oid) AS definition
       FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE NOT t.tgisinternal AND n.nspname = $1 AND (p.proname = $2 OR $1 <> 'public') ORDER BY 1`,
    [schema, name],
  );
  const unqualified = (text: string) => text.replaceAll(`${SCRATCH}.`, '').replaceAll('public.', '');
  return {
    functions: new Map(
      functions.rows.map((r) => [unqualified(r.signature), r.definition.replaceAll(`${SCRATCH}.`, 'public.')]),
    ),
    triggers: new Map(triggers.rows.map((r) => [r.trigger, unqualified(r.definition)])),
  };
}

/** What the database holds under the file's name, and what the file creates when run again beside it. */
async function databaseAndFile(client: pg.PoolClient, file: SqlFunctionFile) {
  await client.query('BEGIN');
  try {
    const database = await definitions(client, 'public', file.name);
    await client.query(`CREATE SCHEMA ${SCRATCH}`);
    await client.query(`SET LOCAL search_path = ${SCRATCH}, public`);
    await client.query(file.sql);
    return { database, created: await definitions(client, SCRATCH, file.name) };
  } finally {
    await client.query('ROLLBACK');
  }
}

describe('the SQL function files', () => {
  let database: TestDatabase;
  let files: SqlFunctionFile[];
  beforeAll(async () => {
    database = await createTestDatabase();
    files = await readFunctionFiles();
  });
  afterAll(async () => database.destroy());

  it('give every function of the migrated database exactly one file, named after it', async () => {
    const { rows } = await database.pool.query<{ name: string }>(
      `SELECT DISTINCT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
        ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(files.map((f) => f.name).sort());
  });

  it('are all listed in the manifest, and every sql/ folder file is one of them', async () => {
    const found: string[] = [];
    for (const top of ['apps', 'packages']) {
      for await (const file of sqlFolderFiles(path.join(repositoryRoot, top))) found.push(file);
    }
    expect(found.sort()).toEqual([...SQL_FUNCTION_FILES].sort());
  });

  it('are each applied, at their current checksum', async () => {
    const { rows } = await database.pool.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_functions ORDER BY name',
    );
    expect(rows).toEqual(
      files.map((f) => ({ name: f.name, checksum: f.checksum })).sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('define what the database runs: pg_get_functiondef and pg_get_triggerdef equal what each file creates', async () => {
    const client = await database.pool.connect();
    try {
      for (const file of files) {
        const { database: held, created } = await databaseAndFile(client, file);
        expect([...created.functions.keys()], file.file).toEqual([...held.functions.keys()]);
        expect(created.functions.size, file.file).toBeGreaterThan(0);
        for (const [signature, definition] of created.functions) {
          expect(held.functions.get(signature), `${file.file}: ${signature}`).toBe(definition);
        }
        expect(Object.fromEntries(created.triggers), file.file).toEqual(Object.fromEntries(held.triggers));
      }
    } finally {
      client.release();
    }
  });
});
