// Runs the background jobs on pg-boss (a job queue inside PostgreSQL: no other server to run).
// The API process starts one runner by default; for scale, run `npm run worker` (apps/api's
// worker-main.ts, the same domain core) as its own process(es) with RUN_WORKER=false on the API. pg-boss coordinates several runners through the
// database, so a scheduled job is sent once however many run.
import { PgBoss, type JobResult } from 'pg-boss';
import { connectDatabase, errorLogSerializer, isConnectionError } from '@rora/db';
import { jobs as registeredJobs, type JobContext, type JobDefinition, type WorkerLogger } from './jobs/index.ts';

export interface WorkerOptions {
  databaseUrl: string;
  log: WorkerLogger;
  /** Defaults to every registered job. */
  jobs?: readonly JobDefinition[];
  now?: () => Date;
  /** Seconds between polls for new jobs (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
}

export interface Worker {
  readonly boss: PgBoss;
  /** Sends a job now, outside its schedule; resolves to the job id. */
  send(name: string, data?: object): Promise<string | null>;
  /** Stops taking jobs, waits (up to 10 s) for running ones, closes the connections. */
  stop(): Promise<void>;
}

/**
 * An error as the log serializer (errorLogSerializer) reads it: its class as `name`, the first line of
 * its message (a database error's message continues with the query's parameters), its SQLSTATE as
 * `code`. pg-boss also emits plain objects, which keep their own message.
 */
function describe(error: unknown): { name: string; message: string; code?: string } {
  const { type, message, sqlState } = errorLogSerializer(error);
  return { name: type, message, ...(sqlState ? { code: sqlState } : {}) };
}

/**
 * A queue error is logged as an error unless the database is out of reach (stopping, restarting, our
 * session ended): pg-boss reconnects by itself when it is back, so that is a warning, not a fault.
 */
export function reportQueueError(log: WorkerLogger, error: unknown): void {
  if (isConnectionError(error)) {
    log.warn({ err: describe(error) }, 'job queue lost its database; it reconnects when the database is back');
  } else {
    log.error({ err: describe(error) }, 'job queue error');
  }
}

/** Jobs a worker takes at a time: one by one they are run, each settled on its own. */
const BATCH_SIZE = 10;

/**
 * A full batch fetches again at once; a short one waits the polling interval. One job per poll
 * (pg-boss's default) ran at most one job of a queue every 2 s: under load, per-swap settlement jobs
 * queued by the hundred and the minute's sweep settled the swaps instead, up to a minute late.
 */
function workOptions(options: WorkerOptions) {
  return {
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    batchSize: BATCH_SIZE,
    burstWhenBatchFull: true,
    perJobResults: true as const,
  };
}

/** Runs a batch's jobs one after another; one that fails is failed (and retried) alone. */
async function runBatch(
  job: JobDefinition,
  batch: ReadonlyArray<{ id: string; data: unknown }>,
  { context, log }: { context: JobContext; log: WorkerLogger },
): Promise<JobResult[]> {
  const results: JobResult[] = [];
  for (const next of batch) {
    try {
      const output = await job.run(context, next.data as object);
      log.info({ job: job.name, id: next.id, result: output }, 'job done');
      results.push({ id: next.id, status: 'completed', output });
    } catch (error) {
      const err = describe(error);
      log.error({ job: job.name, id: next.id, err }, 'job failed');
      results.push({ id: next.id, status: 'failed', output: err });
    }
  }
  return results;
}

export async function startWorker(options: WorkerOptions): Promise<Worker> {
  const { log } = options;
  const database = connectDatabase(options.databaseUrl, { max: 4 });
  const boss = new PgBoss({ connectionString: options.databaseUrl, max: 4, application_name: 'rora-worker' });
  boss.on('error', (error) => reportQueueError(log, error));
  const context: JobContext = { db: database.db, now: options.now ?? (() => new Date()), log };

  try {
    await boss.start();
    for (const job of options.jobs ?? registeredJobs) {
      await boss.createQueue(job.name);
      await boss.work(job.name, workOptions(options), (batch) => runBatch(job, batch, { context, log }));
      if (job.schedule) await boss.schedule(job.name, job.schedule, null, { tz: 'UTC' });
    }
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    boss,
    send: (name, data) => boss.send(name, data ?? null),
    stop: () =>
      (stopping ??= (async () => {
        await boss.stop({ graceful: true, timeout: 10_000 });
        await database.close();
      })()),
  };
}
