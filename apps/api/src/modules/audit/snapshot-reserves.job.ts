// The daily audit snapshot (pg-boss, 00:30 UTC), also run on demand by `npm run reserves:snapshot`.
// Idempotent enough for a redelivery: a second run publishes a second, equally valid snapshot.
import type { JobDefinition } from '@rora/worker';
import { takeSnapshot, type SnapshotDependencies } from './take-snapshot.ts';

export const SNAPSHOT_RESERVES_JOB = 'snapshot-reserves';

export function createAuditJobs(deps: SnapshotDependencies): JobDefinition[] {
  return [
    {
      name: SNAPSHOT_RESERVES_JOB,
      schedule: '30 0 * * *',
      async run({ log }) {
        const started = Date.now();
        const result = await takeSnapshot(deps);
        log.info({ ...result, ms: Date.now() - started }, 'audit snapshot published');
        return result;
      },
    },
  ];
}
