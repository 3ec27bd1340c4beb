// Deletes sign-in backoff counts (migration 0011) with no try for 24 hours. A right password deletes
// an owner's count at once; the rows left behind are streaks that stopped, most of them for
// addresses without an account, which would otherwise stay forever. A guesser who waits a day for
// 5 fresh tries gets fewer than by keeping on at the 15-minute cap (96 a day).
import { lt } from 'drizzle-orm';
import { schema } from '@rora/db';
import type { JobDefinition } from './job.ts';

export const SIGN_IN_BACKOFF_RETENTION_HOURS = 24;

export const purgeSignInBackoff: JobDefinition = {
  name: 'purge-sign-in-backoff',
  schedule: '41 * * * *',
  async run({ db, now }) {
    const cutoff = new Date(now().getTime() - SIGN_IN_BACKOFF_RETENTION_HOURS * 3_600_000);
    const { signInBackoff } = schema;
    const result = await db.delete(signInBackoff).where(lt(signInBackoff.lastAttemptAt, cutoff));
    return { deleted: result.rowCount ?? 0 };
  },
};
