// The staking job: `accrue-stakes` every 10 minutes accrues every due day and pays out matured
// stakes (staking-accrual.ts). A day is due from 00:00 UTC; running often means a restart or a
// missed run costs minutes, and every run after the first of a day finds nothing to do.
// The core (core.ts) lists it with every job, so the API's worker or a standalone one runs it.
import type { JobDefinition } from '@rora/worker';
import type { StakingAccrual } from './staking-accrual.ts';

export const ACCRUE_STAKES_JOB = 'accrue-stakes';
const SCHEDULE = '*/10 * * * *';

export function createStakingJobs(accrual: StakingAccrual): JobDefinition[] {
  return [{ name: ACCRUE_STAKES_JOB, schedule: SCHEDULE, run: async () => ({ ...(await accrual.runDue()) }) }];
}
