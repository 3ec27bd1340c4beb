// Builds the real app on a fresh, migrated PostgreSQL database with a manual clock, for API tests.
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { buildApp, type App, type AppDependencies } from '../app.ts';
import { loadConfig } from '../config.ts';
import { ManualClock } from '../lib/clock.ts';

export interface TestApp {
  app: App;
  database: TestDatabase;
  clock: ManualClock;
  close(): Promise<void>;
}

export async function createTestApp(
  options: { env?: Record<string, string>; overrides?: AppDependencies['overrides'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = new ManualClock(new Date());
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({ config, database, clock, ...(options.overrides ? { overrides: options.overrides } : {}) });
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
