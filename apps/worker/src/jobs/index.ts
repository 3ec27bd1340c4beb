// The job registry: every job the worker runs, one file each, named verb-noun.
import type { JobDefinition } from './job.ts';
import { purgeExpiredSessions } from './purge-expired-sessions.ts';
import { purgeIdempotencyKeys } from './purge-idempotency-keys.ts';

export const jobs: readonly JobDefinition[] = [purgeExpiredSessions, purgeIdempotencyKeys];

export type { JobContext, JobDefinition, WorkerLogger } from './job.ts';
