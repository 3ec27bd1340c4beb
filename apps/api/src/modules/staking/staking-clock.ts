// Staking's time: whole UTC days. In a sandbox, the development route lets days pass by adding an
// offset (staking_sandbox_clock) to the real clock, read by every staking path (the accrual, the
// maturity, the stake's start day), so a customer sees a week of rewards in a minute (ADR 0029).
// Outside a sandbox the offset is never read: staking's today is the clock's.
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { readOffsetDays } from './staking.repository.ts';

const DAY_MS = 86_400_000;

export interface StakingClock {
  /** The instant staking sees: the clock plus the sandbox's offset. */
  now(): Promise<Date>;
  /** Staking's date, 'YYYY-MM-DD' (UTC). */
  today(): Promise<string>;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function createStakingClock(deps: { db: Db; clock: Clock; sandbox: boolean }): StakingClock {
  async function now(): Promise<Date> {
    const offsetDays = deps.sandbox ? await readOffsetDays(deps.db) : 0;
    return new Date(deps.clock.now().getTime() + offsetDays * DAY_MS);
  }
  return { now, today: async () => (await now()).toISOString().slice(0, 10) };
}
