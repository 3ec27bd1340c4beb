// Test helpers: a fresh migrated database per test file, cloned from the run's template.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type Database } from '../client.ts';
import { withDatabase } from './global-setup.ts';

export interface TestDatabase extends Database {
  readonly url: string;
  /** Closes the pool and drops the database. */
  destroy(): Promise<void>;
}

/**
 * `max`: the pool's connections; 60 unless a test needs production's (`POOL_SIZE`). `queryDeadlineMs`:
 * the processes' statement deadline (ADR 0071), none unless a test asks for it.
 */
export async function createTestDatabase(
  options: { max?: number; queryDeadlineMs?: number } = {},
): Promise<TestDatabase> {
  const adminUrl = inject('databaseAdminUrl');
  const template = inject('databaseTemplate');
  const name = `${template.replace('template', 't')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        // 55006: another clone is reading the template at this instant; try again shortly.
        if ((error as { code?: string }).code !== '55006' || attempt > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const database = connectDatabase(url, { max: options.max ?? 60, queryDeadlineMs: options.queryDeadlineMs });
  return {
    ...database,
    url,
    async destroy() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await dropper.end();
    },
  };
}
