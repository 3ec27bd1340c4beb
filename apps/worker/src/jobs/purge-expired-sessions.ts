// Deletes sign-in sessions that ended (expired or were revoked) more than 30 days ago. The month of
// history lets support see a customer's recent sign-ins; beyond it the rows are only weight.
import { lt, or } from 'drizzle-orm';
import { schema } from '@rora/db';
import type { JobDefinition } from './job.ts';

export const SESSION_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

export const purgeExpiredSessions: JobDefinition = {
  name: 'purge-expired-sessions',
  schedule: '17 3 * * *',
  async run({ db, now }) {
    const cutoff = new Date(now().getTime() - SESSION_RETENTION_DAYS * DAY_MS);
    const { sessions } = schema;
    const result = await db.delete(sessions).where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)));
    return { deleted: result.rowCount ?? 0 };
  },
};
