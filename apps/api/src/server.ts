// Starts the whole product in one process: PostgreSQL (embedded unless DATABASE_URL is set),
// migrations, seed data, the API with the built web app, and the background workers. Used by
// `npm start` (main.ts) and by the browser tests' server (scripts/e2e-server.ts).
import path from 'node:path';
import { connectDatabase, migrate, startEmbeddedPostgres, type Database, type EmbeddedDatabase } from '@rora/db';
import { buildApp, type App } from './app.ts';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { seed } from './seed.ts';

export interface RunningServer {
  app: App;
  url: string;
  database: Database;
  stop(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  clock?: Clock;
  log?: (line: string) => void;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const dataDir = path.resolve(config.RORA_DATA_DIR, 'pg');
    log(`Starting embedded PostgreSQL (data in ${dataDir})…`);
    embedded = await startEmbeddedPostgres({ dataDir });
    databaseUrl = embedded.adminUrl;
  }
  const database = connectDatabase(databaseUrl);
  try {
    const applied = await migrate(database.pool);
    if (applied.length > 0) log(`Applied ${applied.length} migration(s).`);
    await seed(database);
    const app = await buildApp({ config, database, clock: options.clock ?? systemClock });
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const url = `http://localhost:${port}`;
    let stopping: Promise<void> | undefined;
    return {
      app,
      url,
      database,
      stop: () =>
        (stopping ??= (async () => {
          await app.close();
          await database.close();
          await embedded?.stop();
        })()),
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}
