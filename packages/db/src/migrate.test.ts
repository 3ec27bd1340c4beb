import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFunctionFiles } from './apply-functions.ts';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';
import { listMigrations, migrate } from './migrate.ts';
import { SQL_FUNCTION_FILES } from './sql-functions.ts';

const NOISE_FILE = 'apps/api/src/modules/market-data/sql/market_noise.sql';

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  async function noiseDefinition(): Promise<string> {
    const { rows } = await database.pool.query<{ definition: string }>(
      `SELECT pg_get_functiondef('market_noise(double precision)'::regprocedure) AS definition`,
    );
    return rows[0]!.definition;
  }

  it('gives each test file a database with every migration applied', async () => {
    const { rows } = await database.pool.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(await listMigrations());
  });

  it('leaves no check or foreign key unvalidated: a NOT VALID one is validated by a later migration', async () => {
    const { rows } = await database.pool.query<{ name: string }>(
      `SELECT conrelid::regclass || '.' || conname AS name FROM pg_constraint
        WHERE NOT convalidated AND connamespace = 'public'::regnamespace ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual([]);
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(database.pool)).toEqual([]);
  });

  it('applies again a function file whose checksum changed, and only that one', async () => {
    const current = await noiseDefinition();
    await database.pool.query(
      `CREATE OR REPLACE FUNCTION market_noise(p_x double precision) RETURNS double precision
       LANGUAGE sql IMMUTABLE AS $$ SELECT 0.5::double precision $$`,
    );
    await database.pool.query(`UPDATE schema_functions SET checksum = 'an older file' WHERE name = 'market_noise'`);
    expect(await migrate(database.pool)).toEqual([NOISE_FILE]);
    expect(await noiseDefinition()).toBe(current);
    const { rows } = await database.pool.query<{ checksum: string }>(
      `SELECT checksum FROM schema_functions WHERE name = 'market_noise'`,
    );
    const file = (await readFunctionFiles()).find((f) => f.name === 'market_noise');
    expect(rows[0]?.checksum).toBe(file?.checksum);
  });

  it('applies every function file once to a database migrated before the files existed', async () => {
    await database.pool.query('DROP TABLE schema_functions');
    expect(await migrate(database.pool)).toEqual(SQL_FUNCTION_FILES);
    expect(await migrate(database.pool)).toEqual([]);
  });

  it('applies every function file after a migration, which may have dropped what one creates', async () => {
    // 0053's functions moved to files: running it again changes nothing, as a new migration would.
    const migration = '0053_ledger_written_only_by_the_ledger.sql';
    await database.pool.query('DELETE FROM schema_migrations WHERE name = $1', [migration]);
    await database.pool.query('DROP TRIGGER swaps_transition ON swaps');
    expect(await migrate(database.pool)).toEqual([migration, ...SQL_FUNCTION_FILES]);
    const { rows } = await database.pool.query(`SELECT 1 FROM pg_trigger WHERE tgname = 'swaps_transition'`);
    expect(rows).toHaveLength(1);
  });

  it('forgets a file no longer listed, so that listing it again applies it', async () => {
    await database.pool.query(`INSERT INTO schema_functions (name, checksum) VALUES ('a_removed_function', 'x')`);
    await migrate(database.pool);
    const { rows } = await database.pool.query(`SELECT 1 FROM schema_functions WHERE name = 'a_removed_function'`);
    expect(rows).toEqual([]);
  });

  it('leaves the functions of a database that a newer release migrated (a rolling deploy)', async () => {
    const newer = `CREATE OR REPLACE FUNCTION market_noise(p_x double precision) RETURNS double precision
       LANGUAGE sql IMMUTABLE AS $$ SELECT 0.25::double precision $$`;
    await database.pool.query(newer);
    await database.pool.query(`UPDATE schema_functions SET checksum = 'a newer file' WHERE name = 'market_noise'`);
    await database.pool.query(`INSERT INTO schema_migrations (name) VALUES ('9999_from_a_newer_release.sql')`);
    try {
      expect(await migrate(database.pool)).toEqual([]);
      expect(await noiseDefinition()).toMatch(/0\.25/);
    } finally {
      await database.pool.query(`DELETE FROM schema_migrations WHERE name = '9999_from_a_newer_release.sql'`);
    }
    expect(await migrate(database.pool)).toEqual([NOISE_FILE]);
    expect(await noiseDefinition()).not.toMatch(/0\.25/);
  });

  it('returns int8 columns as bigint', async () => {
    const { rows } = await database.pool.query<{ big: bigint }>('SELECT 9007199254740993::int8 AS big');
    expect(rows[0]?.big).toBe(9007199254740993n);
  });
});
