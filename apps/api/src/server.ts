// Starts the whole product in one process: PostgreSQL (embedded unless DATABASE_URL is set),
// migrations, seed data, the API with the built web app, and the background work (background.ts)
// unless RUN_WORKER=false (then a standalone worker runs it: worker-process.ts). Used by
// `npm start` (main.ts) and by the browser tests' server (scripts/e2e-server.ts).
import path from 'node:path';
import {
  connectDatabase,
  migrate,
  startEmbeddedPostgres,
  withoutQueryDeadline,
  type Database,
  type EmbeddedDatabase,
  type RestartBackoff,
} from '@rora/db';
import { buildApp, type App, type AppDependencies } from './app.ts';
import { startBackground, startJobSender, type Background } from './background.ts';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { TAKEOVER_POLL_MS } from './modules/orders/index.ts';
import { ADDRESS_REFRESH_MS, HELD_SEND_POLL_MS } from './modules/wallets/index.ts';
import { seed } from './seed.ts';
import { withSandboxSecrets } from './webhook-secrets.ts';

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
  /** More routes under /api/v1 (buildApp's `plugins`): the order benchmark adds its baseline here. */
  plugins?: AppDependencies['plugins'];
  /** The waits before an embedded PostgreSQL that died is started again (RESTART_BACKOFF). */
  restartBackoff?: RestartBackoff;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const config = withSandboxSecrets(options.config);
  const log = options.log ?? ((line: string) => console.log(line));
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const dataDir = path.resolve(config.RORA_DATA_DIR, 'pg');
    log(`Starting embedded PostgreSQL (data in ${dataDir})…`);
    // Started again if it dies while we run and are not stopping (ADR 0075, 0077); requests
    // meanwhile answer 503.
    embedded = await startEmbeddedPostgres({ dataDir, restart: { say: log, backoff: options.restartBackoff } });
    if (embedded.leftOver === 'stopped') log(`Stopped the PostgreSQL an earlier run left running on ${dataDir}.`);
    databaseUrl = embedded.adminUrl;
  }
  const database = connectDatabase(databaseUrl, { queryDeadlineMs: config.QUERY_DEADLINE_MS });
  let app: App | undefined;
  let worker: Background | undefined;
  try {
    // Index builds and the first seed (a year of prices) may take longer than a request's deadline.
    const applied = await withoutQueryDeadline(() => migrate(database.pool));
    // Migrations are named files of packages/db/migrations; SQL function files are paths (ADR 0022).
    const functionFiles = applied.filter((name) => name.includes('/')).length;
    if (applied.length > functionFiles) log(`Applied ${applied.length - functionFiles} migration(s).`);
    if (functionFiles > 0) log(`Applied ${functionFiles} SQL function file(s).`);
    await withoutQueryDeadline(() => seed(database, { sandbox: config.sandboxSeed }));
    const running = await buildApp({ config, database, clock: options.clock ?? systemClock, plugins: options.plugins });
    app = running;
    // The devnet as it was when the last run stopped (ADR 0048); only the lock's holder mines it.
    if ((await running.services.chains.open()) === 'reader') {
      log('Another process runs the devnet on this database: this one reads it and does not mine.');
    }
    const core = { services: running.services, jobs: running.jobs };
    const jobLog = running.log.child({ component: 'worker' });
    worker = config.RUN_WORKER
      ? await startBackground({ core, config, databaseUrl, log: jobLog })
      : await startJobSender({ core, databaseUrl, log: jobLog });
    // Every order book rebuilt from the database before the first request; then the market maker.
    await running.services.markets.start({
      marketMaker: config.marketMaker,
      intervalMs: config.MARKET_MAKER_INTERVAL_MS,
      takeoverPollMs: TAKEOVER_POLL_MS,
    });
    await running.listen({ port: config.PORT, host: config.HOST });
    // The in-process devnet mines on its timers from now on, if this process owns it (tests mine by hand).
    running.services.chains.start();
    // Addresses other replicas create are watched here too: the devnet's owner credits their deposits.
    running.services.wallets.addresses.follow(ADDRESS_REFRESH_MS);
    // Sends held on replicas that do not run the devnet: broadcast here within a second if this one does.
    running.services.wallets.heldSends.follow(HELD_SEND_POLL_MS);
    // Chains read through a node (CHAINS_BTC/CHAINS_LTC=rpc): their blocks are walked on this timer.
    running.services.depositScanner.start(config.CHAINS_POLL_MS);
    // The signer process (ADR 0041) must hold the hot wallets configured here; sends wait until it does.
    void running.services.chains.checkSigner().then((problems) => {
      for (const problem of problems) running.log.error({ problem }, 'signer check failed: sends will wait');
    });
    const address = running.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const url = `http://localhost:${port}`;
    // Other replicas forward their orders here while this process writes the books (ADR 0045).
    await running.services.markets.orders.forwarding.advertise(internalUrl(config, port));
    let stopping: Promise<void> | undefined;
    return {
      app: running,
      url,
      database,
      stop: () =>
        (stopping ??= (async () => {
          // A PostgreSQL that dies from now on is part of this stop (a signal to every process of
          // the app reaches it too), and is not started again (ADR 0077).
          embedded?.haltRestarts();
          // Outside in: stop taking requests, let running jobs finish, then close the database.
          await running.close();
          await worker?.stop();
          await database.close();
          await embedded?.stop();
        })()),
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await worker?.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

/** How other replicas reach this process: INTERNAL_URL, or HOST (loopback for a wildcard) and port. */
function internalUrl(config: Config, port: number): string {
  if (config.INTERNAL_URL) return config.INTERNAL_URL;
  const wildcard = config.HOST === '0.0.0.0' || config.HOST === '::';
  const host = wildcard ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${port}`;
}
