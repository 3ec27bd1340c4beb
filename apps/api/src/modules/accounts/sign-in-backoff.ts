// Slows password guessing against one account, whichever addresses the guesses come from (the
// per-address limits of rate-limits.ts do not see that). Failures are counted per e-mail address in
// PostgreSQL (table sign_in_backoff), so every API process shares them and a restart keeps them.
// From the 5th failure on, the next try must wait 2^(failures - 5) seconds, at most 15 minutes:
// guessing slows to a crawl, yet the owner can always sign in once the wait is over (no lockout an
// attacker could use against them). A try is counted *before* its password is checked, by one
// atomic upsert that only succeeds outside the wait, so tries sent together never check more
// passwords than allowed; a right password deletes the count.
import { sql } from 'drizzle-orm';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

export const backoffRules = { freeFailures: 5, maxWaitSeconds: 15 * 60 } as const;

export interface SignInBackoff {
  /** Counts a try for `email` before its password is checked; during a wait, throws sign_in_must_wait. */
  take(email: string): Promise<void>;
  /** The password was right: the streak ends. */
  reset(email: string): Promise<void>;
  /** After a wrong password: true exactly once per streak, the first time the backoff is on. */
  claimNotice(email: string): Promise<boolean>;
}

export function createSignInBackoff(deps: { db: Db; clock: Clock }): SignInBackoff {
  const { db, clock } = deps;
  const { freeFailures, maxWaitSeconds } = backoffRules;

  async function refuse(email: string, now: Date): Promise<never> {
    const current = await db.execute<{ retry_at: Date | null }>(
      sql`SELECT retry_at FROM sign_in_backoff WHERE email = ${email}`,
    );
    const retryAt = current.rows[0]?.retry_at;
    const waitMs = retryAt ? new Date(retryAt).getTime() - now.getTime() : 0;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const code = 'sign_in_must_wait_after_failed_attempts';
    const message = `Too many wrong passwords for this account. Try again in ${seconds} seconds`;
    throw new AppError(code, {
      message,
      items: [{ code, message, retryAfterSeconds: seconds }],
      headers: { 'retry-after': String(seconds) },
    });
  }

  return {
    async take(email) {
      const now = clock.now();
      // The wait after n failures is 2^(n - 5) s; the exponent is capped before power() so a long
      // streak cannot overflow.
      const taken = await db.execute<{ failures: number }>(sql`
        INSERT INTO sign_in_backoff AS b (email, failures, retry_at, last_attempt_at)
        VALUES (${email}, 1, NULL, ${now})
        ON CONFLICT (email) DO UPDATE SET
          failures = b.failures + 1,
          retry_at = CASE WHEN b.failures + 1 >= ${freeFailures}
            THEN ${now}::timestamptz + make_interval(secs => LEAST(${maxWaitSeconds},
              power(2, LEAST(b.failures + 1 - ${freeFailures}, 30))))
            END,
          last_attempt_at = ${now}
        WHERE b.retry_at IS NULL OR b.retry_at <= ${now}
        RETURNING b.failures`);
      if (taken.rows.length === 0) await refuse(email, now);
    },

    async reset(email) {
      await db.execute(sql`DELETE FROM sign_in_backoff WHERE email = ${email}`);
    },

    async claimNotice(email) {
      const claimed = await db.execute(sql`
        UPDATE sign_in_backoff SET notified_at = ${clock.now()}
        WHERE email = ${email} AND failures >= ${freeFailures} AND notified_at IS NULL
        RETURNING email`);
      return claimed.rows.length > 0;
    },
  };
}
