// The staking module's public face: plans, stakes and unstaking for customers (staking.routes.ts),
// the daily accrual and maturity job, and the sandbox's test clock. core.ts wires it once;
// other modules use only what is exported here. See README.md and ADR 0029.
import type { Database } from '@rora/db';
import { createLedger, type Ledger } from '@rora/ledger';
import type { JobDefinition } from '@rora/worker';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NotificationService } from '../notifications/index.ts';
import type { EventBus } from '../realtime/index.ts';
import { createStakingAccrual, type AccrualOutcome, type StakingAccrual } from './staking-accrual.ts';
import { createStakingClock, type StakingClock } from './staking-clock.ts';
import { createStakingJobs } from './staking.jobs.ts';
import { addOffsetDays } from './staking.repository.ts';
import { createStakingService, type StakingService } from './staking.service.ts';

export { ACCRUE_STAKES_JOB } from './staking.jobs.ts';
export { seedStakingRewards, SANDBOX_STAKING_REWARDS } from './rewards.seed.ts';
export { stakingRoutes, stakingDevRoutes } from './staking.routes.ts';
export type { AccrualOutcome, StakingAccrual } from './staking-accrual.ts';
export type { StakingService } from './staking.service.ts';

export interface StakingSandboxClock {
  /** Adds `days` to the sandbox's staking clock, then runs the accrual and maturity now. */
  daysPass(days: number): Promise<AccrualOutcome>;
}

export interface StakingModule {
  service: StakingService;
  accrual: StakingAccrual;
  clock: StakingClock;
  /** Only used by the development route (registered when config.devRoutes). */
  sandboxClock: StakingSandboxClock;
  /** Listed with the core's jobs (core.ts): run by the API's worker or a standalone one. */
  jobs: JobDefinition[];
}

export function createStakingModule(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  notifications: Pick<NotificationService, 'notify' | 'prepare' | 'announce'>;
  events: EventBus;
  ledger?: Ledger;
}): StakingModule {
  const { db } = deps.database;
  const ledger = deps.ledger ?? createLedger();
  // The offset exists only where the development routes do (a sandbox): never in production.
  const clock = createStakingClock({ db, clock: deps.clock, sandbox: deps.config.devRoutes });
  const service = createStakingService({
    db,
    ledger,
    clock,
    events: deps.events,
    notifications: deps.notifications,
    settings: { earlyUnstake: deps.config.STAKING_EARLY_UNSTAKE },
  });
  const accrual = createStakingAccrual({ db, clock, events: deps.events, notifications: deps.notifications });
  const sandboxClock: StakingSandboxClock = {
    async daysPass(days) {
      if (!deps.config.devRoutes) throw new Error('the staking test clock exists only in a sandbox');
      await addOffsetDays(db, days);
      return accrual.runDue();
    },
  };
  return { service, accrual, clock, sandboxClock, jobs: createStakingJobs(accrual) };
}
