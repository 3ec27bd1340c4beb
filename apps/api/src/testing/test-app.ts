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

export interface TestAppOptions {
  env?: Record<string, string>;
  overrides?: AppDependencies['overrides'];
  /** Capture the logs (set env LOG_LEVEL too, the default is silent). */
  logStream?: AppDependencies['logStream'];
  /** Probe routes for a test, registered under /api/v1. */
  plugins?: AppDependencies['plugins'];
  /** Sees every route as it is added (see route-catalogue.ts). */
  onRoute?: AppDependencies['onRoute'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = new ManualClock(new Date());
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const { overrides, logStream, plugins, onRoute } = options;
  const app = await buildApp({ config, database, clock, overrides, logStream, plugins, onRoute });
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
