// Limits guesses of a customer's PIN and authenticator codes: 5 wrong tries, then locked for 15
// minutes. A try is taken (counted) *before* the secret is compared, by a conditional UPDATE, so
// requests sent together can never compare more than the tries that are left; a success gives the
// count back by resetting it.
import { sql } from 'drizzle-orm';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

export const attemptRules = { maxFailures: 5, lockMs: 15 * 60_000 } as const;

const counters = {
  pin: { failures: sql.raw('pin_failures'), lockedUntil: sql.raw('pin_locked_until'), locked: 'pin_locked' },
  totp: { failures: sql.raw('totp_failures'), lockedUntil: sql.raw('totp_locked_until'), locked: 'two_factor_locked' },
} as const;
export type AttemptCounter = keyof typeof counters;

export interface AttemptLimiter {
  /** Takes one try, or throws pin_locked / two_factor_locked with Retry-After. */
  take(counter: AttemptCounter, userId: string): Promise<void>;
  /** Records the taken try as wrong; locks when it was the last; returns the lock's end, if any. */
  fail(counter: AttemptCounter, userId: string): Promise<Date | null>;
  /** The taken try was right: the count starts again. */
  succeed(counter: AttemptCounter, userId: string): Promise<void>;
  lockedError(counter: AttemptCounter, until: Date): AppError;
}

export function createAttemptLimiter(deps: { db: Db; clock: Clock }): AttemptLimiter {
  const { db, clock } = deps;

  const lockedError = (counter: AttemptCounter, until: Date) => {
    const waitSeconds = Math.max(1, Math.ceil((until.getTime() - clock.now().getTime()) / 1000));
    return new AppError(counters[counter].locked, { headers: { 'retry-after': String(waitSeconds) } });
  };

  return {
    lockedError,

    async take(counter, userId) {
      const { failures, lockedUntil } = counters[counter];
      const now = clock.now();
      // A lock that has run out starts a fresh count of 1 (this try).
      const taken = await db.execute<{ user_id: string }>(sql`
        UPDATE account_security
        SET ${failures} = CASE WHEN ${lockedUntil} <= ${now} THEN 1 ELSE ${failures} + 1 END,
            ${lockedUntil} = CASE WHEN ${lockedUntil} <= ${now} THEN NULL ELSE ${lockedUntil} END
        WHERE user_id = ${userId} AND (${failures} < ${attemptRules.maxFailures} OR ${lockedUntil} <= ${now})
        RETURNING user_id`);
      if (taken.rows.length > 0) return;
      const current = await db.execute<{ locked_until: Date | null }>(
        sql`SELECT ${lockedUntil} AS locked_until FROM account_security WHERE user_id = ${userId}`,
      );
      const until = current.rows[0]?.locked_until;
      throw lockedError(counter, until ? new Date(until) : new Date(now.getTime() + attemptRules.lockMs));
    },

    async fail(counter, userId) {
      const { failures, lockedUntil } = counters[counter];
      const now = clock.now();
      const until = new Date(now.getTime() + attemptRules.lockMs);
      const locked = await db.execute<{ user_id: string }>(sql`
        UPDATE account_security SET ${lockedUntil} = ${until}
        WHERE user_id = ${userId} AND ${failures} >= ${attemptRules.maxFailures}
          AND (${lockedUntil} IS NULL OR ${lockedUntil} <= ${now})
        RETURNING user_id`);
      return locked.rows.length > 0 ? until : null;
    },

    async succeed(counter, userId) {
      const { failures, lockedUntil } = counters[counter];
      await db.execute(
        sql`UPDATE account_security SET ${failures} = 0, ${lockedUntil} = NULL WHERE user_id = ${userId}`,
      );
    },
  };
}
