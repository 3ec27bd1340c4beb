// The job registry: every job the worker runs, one file each, named verb-noun.
import type { JobDefinition } from './job.ts';
import { purgeExpiredSessions } from './purge-expired-sessions.ts';
import { purgeIdempotencyKeys } from './purge-idempotency-keys.ts';
import { purgeSignInBackoff } from './purge-sign-in-backoff.ts';

export const jobs: readonly JobDefinition[] = [purgeExpiredSessions, purgeIdempotencyKeys, purgeSignInBackoff];

export type { JobContext, JobDefinition, WorkerLogger } from './job.ts';
