// The standalone worker: the same core as the API's (core.ts), running every job and timer of
// background.ts, with no HTTP. Run it beside API processes started with RUN_WORKER=false, on the same
// PostgreSQL (the API applies the migrations). Its live events reach the API's WebSockets over the
// event bus: NATS with EVENT_BUS=nats, else PostgreSQL's. The sandbox providers deliver their signed webhooks
// straight to the core's receivers (the same verification as the webhook routes), since this
// process serves no route.
import { connectDatabase } from '@rora/db';
import { startBackground } from './background.ts';
import type { Config } from './config.ts';
import { createCore, type Core, type CoreLog } from './core.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { isAppError } from './lib/errors.ts';
import { withSandboxSecrets } from './webhook-secrets.ts';

export interface WorkerProcess {
  core: Core;
  stop(): Promise<void>;
}

type Receive = (delivery: { headers: Record<string, string>; rawBody: Buffer; log: CoreLog }) => Promise<unknown>;

/** A webhook delivery's HTTP status, as the route would answer it. */
async function deliverTo(receive: Receive, delivery: { headers: Record<string, string>; body: string }, log: CoreLog) {
  try {
    await receive({ headers: delivery.headers, rawBody: Buffer.from(delivery.body), log });
    return 200;
  } catch (error) {
    if (isAppError(error)) return error.status;
    log.error({ err: error }, 'sandbox webhook delivery failed');
    return 500;
  }
}

function connectSandboxes(core: Core, log: CoreLog): void {
  const { kyc, onramp } = core.services;
  const decisions: Receive = (delivery) => kyc.decisions.receive(delivery);
  const purchases: Receive = (delivery) => onramp.webhooks.receive(delivery);
  kyc.sandbox?.connect((delivery) => deliverTo(decisions, delivery, log));
  onramp.sandbox?.connect((delivery) => deliverTo(purchases, delivery, log));
}

export async function startWorkerProcess(options: {
  config: Config;
  log: CoreLog;
  clock?: Clock;
}): Promise<WorkerProcess> {
  // A standalone worker always shares its events: over NATS when so configured, else PostgreSQL.
  const eventBus = options.config.eventBus === 'nats' ? 'nats' : 'postgres';
  const config: Config = { ...withSandboxSecrets(options.config), eventBus };
  const { log } = options;
  const databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) throw new Error('the standalone worker needs DATABASE_URL (the API process owns an embedded one)');
  const database = connectDatabase(databaseUrl, { queryDeadlineMs: config.QUERY_DEADLINE_MS });
  const core = createCore({ config, database, clock: options.clock ?? systemClock, log });
  connectSandboxes(core, log);
  try {
    const background = await startBackground({ core, config, databaseUrl, log });
    return {
      core,
      async stop() {
        await background.stop();
        await core.services.events.close();
        await database.close();
      },
    };
  } catch (error) {
    await core.services.events.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
