// The staking job: `accrue-stakes` every 10 minutes accrues every due day and pays out matured
// stakes (staking-accrual.ts). A day is due from 00:00 UTC; running often means a restart or a
// missed run costs minutes, and every run after the first of a day finds nothing to do.
// Two forms: the API process's worker runs the module's (its clock, its event bus, so sockets hear
// at once); a standalone worker runs `standaloneStakingJobs`, built from the job's own context
// (database and time) alone, whose notifications are stored and reach the bell on its next read.
import type { JobDefinition } from '@rora/worker';
import { createNotificationService } from '../notifications/notifications.service.ts';
import { createInProcessEventBus } from '../realtime/event-bus.ts';
import { createStakingAccrual, type StakingAccrual } from './staking-accrual.ts';
import { createStakingClock } from './staking-clock.ts';

export const ACCRUE_STAKES_JOB = 'accrue-stakes';
const SCHEDULE = '*/10 * * * *';

export function createStakingJobs(accrual: StakingAccrual): JobDefinition[] {
  return [{ name: ACCRUE_STAKES_JOB, schedule: SCHEDULE, run: async () => ({ ...(await accrual.runDue()) }) }];
}

/** The same job for a worker process without the API's services; `sandbox` reads the test clock. */
export function standaloneStakingJobs(options: { sandbox: boolean }): JobDefinition[] {
  return [
    {
      name: ACCRUE_STAKES_JOB,
      schedule: SCHEDULE,
      async run(context) {
        const clock = { now: () => context.now() };
        const events = createInProcessEventBus();
        const accrual = createStakingAccrual({
          db: context.db,
          clock: createStakingClock({ db: context.db, clock, sandbox: options.sandbox }),
          events,
          notifications: createNotificationService({ db: context.db, clock, events }),
        });
        return { ...(await accrual.runDue()) };
      },
    },
  ];
}
