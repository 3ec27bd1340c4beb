// Vitest global setup: one PostgreSQL for the whole run (DATABASE_URL if set, otherwise an
// embedded one in a throwaway folder) and one migrated template database that each test file
// clones, so every file gets a fresh, isolated database in about 100 ms.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../embedded.ts';
import { migrate } from '../migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    databaseTemplate: string;
  }
}

interface SharedDatabase {
  readonly adminUrl: string;
  readonly template: string;
  readonly teardown: () => Promise<void>;
}

/**
 * Two test projects (Vitest's `node` and `node alone`, ADR 0069) run this setup in the same process:
 * the first prepares the server and template, later ones share them, and the last teardown drops them.
 */
const shared = globalThis as typeof globalThis & {
  roraTestDatabase?: { ready: Promise<SharedDatabase>; users: number };
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const entry = (shared.roraTestDatabase ??= { ready: prepare(), users: 0 });
  entry.users += 1;
  const { adminUrl, template, teardown } = await entry.ready;
  project.provide('databaseAdminUrl', adminUrl);
  project.provide('databaseTemplate', template);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    delete shared.roraTestDatabase;
    await teardown();
  };
}

async function prepare(): Promise<SharedDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  const dataDir = path.resolve('.test-data', `pg-${process.pid}-${randomBytes(3).toString('hex')}`);
  const external = process.env.DATABASE_URL;
  if (!external) embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
  const adminUrl = external ?? embedded!.adminUrl;
  const template = `rora_template_${randomBytes(4).toString('hex')}`;

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, template), max: 1 });
  await migrate(pool);
  await pool.end();

  const teardown = async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`${template.replace('template', 't')}%`, template],
    );
    for (const { datname } of rows)
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    if (embedded) {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  };
  return { adminUrl, template, teardown };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
