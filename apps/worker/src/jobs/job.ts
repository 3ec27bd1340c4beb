// What a background job is: a verb-noun name (the name of its file), an optional schedule, and a
// handler that receives the database and the time. Handlers are idempotent: pg-boss may deliver a
// job twice after a crash, and a scheduled job may be sent while the previous one still runs.
import type { Db } from '@rora/db';

/** pino-compatible: the API passes its logger's child, the standalone worker its own. */
export interface WorkerLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface JobContext {
  db: Db;
  now(): Date;
  log: WorkerLogger;
}

export interface JobDefinition<Data extends object = object> {
  readonly name: string;
  /** Cron expression, in UTC, for a recurring job. */
  readonly schedule?: string;
  run(context: JobContext, data: Data): Promise<object | void>;
}
