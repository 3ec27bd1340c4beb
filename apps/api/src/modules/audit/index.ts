// The audit of reserves (issue 18, ADR 0030): the snapshot job that publishes a proof of liabilities
// (a Merkle sum tree from @rora/reserves) with the reserves proven on chain, and the calls that serve
// snapshots, proofs and the public liabilities file. core.ts wires it once.
import type { Database } from '@rora/db';
import type { JobDefinition } from '@rora/worker';
import type { Clock } from '../../lib/clock.ts';
import { createAuditRepository } from './audit.repository.ts';
import { createAuditService, type AuditService } from './audit.service.ts';
import type { ReserveSource } from './reserve-source.ts';
import { createAuditJobs } from './snapshot-reserves.job.ts';
import { takeSnapshot, type SnapshotResult } from './take-snapshot.ts';

export { createDevnetReserveSource, type ReserveHolding, type ReserveSource } from './reserve-source.ts';
export { SNAPSHOT_RESERVES_JOB, createAuditJobs } from './snapshot-reserves.job.ts';
export { DEFAULT_CHUNK_LEVEL, takeSnapshot, type SnapshotDependencies, type SnapshotResult } from './take-snapshot.ts';
export type { AuditService } from './audit.service.ts';

export interface AuditModule {
  service: AuditService;
  /** Takes and publishes a snapshot now (tests, and the on-demand script). */
  snapshot(options?: { chunkLevel?: number }): Promise<SnapshotResult>;
  /** Listed with the core's jobs (core.ts); run where the chains it reads live (see ADR 0026). */
  jobs: JobDefinition[];
}

export function createAuditModule(deps: { database: Database; clock: Clock; reserves: ReserveSource }): AuditModule {
  const { pool } = deps.database;
  const snapshotDeps = { pool, clock: deps.clock, reserves: deps.reserves };
  return {
    service: createAuditService({ repository: createAuditRepository(pool) }),
    snapshot: (options = {}) => takeSnapshot({ ...snapshotDeps, ...options }),
    jobs: createAuditJobs(snapshotDeps),
  };
}
