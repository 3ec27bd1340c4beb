import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';
import { listMigrations, migrate } from './migrate.ts';

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  it('gives each test file a database with every migration applied', async () => {
    const { rows } = await database.pool.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(await listMigrations());
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(database.pool)).toEqual([]);
  });

  it('returns int8 columns as bigint', async () => {
    const { rows } = await database.pool.query<{ big: bigint }>('SELECT 9007199254740993::int8 AS big');
    expect(rows[0]?.big).toBe(9007199254740993n);
  });
});
