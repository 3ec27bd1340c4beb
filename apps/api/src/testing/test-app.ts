// Builds the real app on a fresh, migrated PostgreSQL database with a manual clock, for API tests.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { buildApp, type App, type AppDependencies } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { ManualClock } from '../lib/clock.ts';

export interface TestApp {
  app: App;
  database: TestDatabase;
  clock: ManualClock;
  /** Serves the app on a free port of 127.0.0.1, for tests that need real sockets; returns the port. */
  listen(): Promise<number>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Test seams of the core (see core.ts). */
  adapters?: AppDependencies['adapters'];
  /** Capture the logs (set env LOG_LEVEL too, the default is silent). */
  logStream?: AppDependencies['logStream'];
  /** Probe routes for a test, registered under /api/v1. */
  plugins?: AppDependencies['plugins'];
  /** Sees every route as it is added (see route-catalogue.ts). */
  onRoute?: AppDependencies['onRoute'];
  /** Connections in the app's pool: 60 unless a test needs production's (`POOL_SIZE` of @rora/db). */
  poolSize?: number;
  /** The statement deadline of the app's pool (QUERY_DEADLINE_MS, ADR 0071): none unless given. */
  queryDeadlineMs?: number;
  /** Deadlines and the connection cap (plugins/connection-limits.ts), shortened by tests. */
  connectionLimits?: AppDependencies['connectionLimits'];
}

const randomSecret = () => randomBytes(32).toString('hex');

/**
 * A test's configuration: NODE_ENV=test, silent, and fresh webhook secrets and fee quote key (as
 * startServer makes per data folder).
 */
export function loadTestConfig(env: Record<string, string> = {}): Config {
  const secrets = {
    IDENTITY_WEBHOOK_SECRET: randomSecret(),
    ONRAMP_WEBHOOK_SECRET: randomSecret(),
    FEE_QUOTE_SECRET: randomSecret(),
  };
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...secrets, ...env });
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase({ max: options.poolSize, queryDeadlineMs: options.queryDeadlineMs });
  const clock = new ManualClock(new Date());
  const config = loadTestConfig(options.env);
  const { adapters, logStream, plugins, onRoute, connectionLimits } = options;
  const app = await buildApp({
    config,
    database,
    clock,
    adapters,
    logStream,
    plugins,
    onRoute,
    connectionLimits,
  });
  return {
    app,
    database,
    clock,
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      return (app.server.address() as AddressInfo).port;
    },
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
