// The worker as its own process, for deployments that scale jobs apart from the API (then set
// RUN_WORKER=false on the API). Needs DATABASE_URL; the API process applies the migrations.
//   DATABASE_URL=postgres://... npx tsx apps/worker/src/main.ts
import { pino } from 'pino';
import { errorLogSerializer } from '@rora/db';
import { startWorker } from './runner.ts';
import { startFailure } from './start-failure.ts';

async function main(): Promise<void> {
  const log = pino({
    level: process.env.LOG_LEVEL || 'info',
    base: { component: 'worker' },
    serializers: { err: errorLogSerializer },
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error('Invalid configuration:\n  DATABASE_URL: must be a postgres:// or postgresql:// URL');
    process.exit(2);
  }
  const worker = await startWorker({ databaseUrl, log });
  log.info({}, 'worker started');
  const shutdown = async (signal: string) => {
    log.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await worker.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Worker failed to start:', startFailure(error));
  process.exit(1);
});
