// The standalone worker process, for deployments that run jobs apart from the API (RUN_WORKER=false on
// the API): `npm run worker`. Reads the same environment as the API; DATABASE_URL is required.
import { pino } from 'pino';
import { errorLogSerializer } from '@rora/db';
import { startFailure } from '@rora/worker';
import { loadConfigOrExit } from './config.ts';
import { redactLogObject } from './lib/log-redaction.ts';
import { startWorkerProcess } from './worker-process.ts';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = pino({
    level: config.LOG_LEVEL,
    base: { component: 'worker' },
    serializers: { err: errorLogSerializer },
    formatters: { log: redactLogObject },
  });
  const worker = await startWorkerProcess({ config, log });
  log.info({ jobs: worker.core.jobs.map((job) => job.name) }, 'worker started');
  // A line for whoever started this process (tests, scripts) to wait on.
  if (process.env.RORA_READY_LINE) console.log('READY worker');
  // One stop, however many signals (a terminal's Ctrl-C and a process manager's SIGTERM may both come): with
  // `once`, the second ended the worker in the middle of its stop, its running jobs not let finish.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await worker.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Worker failed to start:', startFailure(error));
  process.exit(1);
});
