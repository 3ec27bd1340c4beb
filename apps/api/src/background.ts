// What runs on queues and timers rather than on requests: every job of the core on pg-boss, the swap
// settlement scheduled per swap, and the KYC sandbox's decisions (a timer on the app's clock:
// sandbox-ticker.ts). The API process runs it with RUN_WORKER (the default); a standalone worker
// (worker-process.ts) runs the same. An API without it still queues each swap's settlement for the
// workers (startJobSender).
import { startWorker, type Worker, type WorkerLogger } from '@rora/worker';
import type { Config } from './config.ts';
import type { Core } from './core.ts';
import { startSandboxTicker } from './modules/kyc/index.ts';
import { SETTLE_SWAP_JOB } from './modules/swap/index.ts';

export interface Background {
  stop(): Promise<void>;
}

interface BackgroundOptions {
  core: Core;
  config: Config;
  databaseUrl: string;
  log: WorkerLogger;
}

export async function startBackground(options: BackgroundOptions): Promise<Background> {
  const { core, config, log } = options;
  const worker = await startWorker({ databaseUrl: options.databaseUrl, log, jobs: core.jobs });
  core.services.swap.scheduler.attach(worker.boss, log);
  const { sandbox } = core.services.kyc;
  const interval = config.IDENTITY_SANDBOX_POLL_MS;
  const ticker = sandbox && interval > 0 ? startSandboxTicker({ sandbox, intervalMs: interval, log }) : null;
  return {
    async stop() {
      await ticker?.stop();
      await worker.stop();
    },
  };
}

/** RUN_WORKER=false: this process runs no job, but a swap placed here is queued for its due time. */
export async function startJobSender(options: Omit<BackgroundOptions, 'config'>): Promise<Worker> {
  const worker = await startWorker({ databaseUrl: options.databaseUrl, log: options.log, jobs: [] });
  await worker.boss.createQueue(SETTLE_SWAP_JOB);
  options.core.services.swap.scheduler.attach(worker.boss, options.log);
  return worker;
}
