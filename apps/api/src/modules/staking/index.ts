// The staking module's public face: plans, stakes and unstaking for customers (staking.routes.ts),
// the daily accrual and maturity job, and the sandbox's test clock. core.ts wires it once;
// other modules use only what is exported here. See README.md and ADR 0029.
import type { Database } from '@rora/db';
import { createLedger, type Ledger } from '@rora/ledger';
import type { JobDefinition } from '@rora/worker';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { KycGate } from '../kyc/index.ts';
import type { NotificationService } from '../notifications/index.ts';
import type { EventBus } from '../realtime/index.ts';
import { createStakingAccrual, type AccrualOutcome, type StakingAccrual } from './staking-accrual.ts';
import { addDays, createStakingClock, type StakingClock } from './staking-clock.ts';
import { createStakingJobs } from './staking.jobs.ts';
import { AppError } from '../../lib/errors.ts';
import { advanceOffsetDays, readOffsetDays } from './staking.repository.ts';
import { createStakingService, type StakingService } from './staking.service.ts';

export { ACCRUE_STAKES_JOB } from './staking.jobs.ts';
export { seedStakingRewards, SANDBOX_STAKING_REWARDS } from './rewards.seed.ts';
export { stakingRoutes, stakingDevRoutes } from './staking.routes.ts';
export type { AccrualOutcome, StakingAccrual } from './staking-accrual.ts';
export type { StakingService } from './staking.service.ts';

/** The most days one move of the sandbox's staking clock lets pass. */
export const MAX_DAYS_PASS = 400;

export interface StakingSandboxClock {
  /**
   * Lets days pass until staking's date is `day` ('YYYY-MM-DD'), then runs the accrual and maturity
   * now. Absolute: at or past that date already (a retried request), the clock stays where it is.
   */
  passUntil(day: string): Promise<AccrualOutcome>;
  /** passUntil the date `days` after staking's date now (for callers in this process). */
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
  kycGate: KycGate;
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
    kycGate: deps.kycGate,
    events: deps.events,
    notifications: deps.notifications,
    settings: { earlyUnstake: deps.config.STAKING_EARLY_UNSTAKE },
  });
  const accrual = createStakingAccrual({ db, clock, events: deps.events, notifications: deps.notifications });
  const DAY_MS = 86_400_000;
  const sandboxClock: StakingSandboxClock = {
    async passUntil(day) {
      if (!deps.config.devRoutes) throw new Error('the staking test clock exists only in a sandbox');
      // Whole days from the real date: the offset staking's date is `day` at.
      const realDay = deps.clock.now().toISOString().slice(0, 10);
      const offset = Math.max(
        0,
        Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${realDay}T00:00:00Z`)) / DAY_MS),
      );
      if (offset - (await readOffsetDays(db)) > MAX_DAYS_PASS) {
        throw new AppError('request_validation_failed', {
          field: 'until',
          message: `The staking clock moves at most ${MAX_DAYS_PASS} days at a time`,
        });
      }
      await advanceOffsetDays(db, offset);
      return accrual.runDue();
    },
    async daysPass(days) {
      return sandboxClock.passUntil(addDays(await clock.today(), days));
    },
  };
  return { service, accrual, clock, sandboxClock, jobs: createStakingJobs(accrual) };
}
