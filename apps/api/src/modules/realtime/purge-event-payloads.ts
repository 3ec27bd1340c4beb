// Deletes the stored payloads of large live events (postgres-event-bus.ts) an hour after they were
// written: every listening process reads one within moments, or never (it was away).
import { sql } from 'drizzle-orm';
import type { JobDefinition } from '@rora/worker';

export const purgeEventPayloads: JobDefinition = {
  name: 'purge-event-payloads',
  schedule: '41 * * * *',
  async run({ db, now }) {
    const cutoff = new Date(now().getTime() - 3_600_000);
    const result = await db.execute(sql`DELETE FROM event_payloads WHERE created_at < ${cutoff}`);
    return { deleted: result.rowCount ?? 0 };
  },
};
