// Deletes idempotency keys older than 24 hours (ADR 0005), including any left in flight by a process
// that died: a client retries within seconds or minutes, and a day later a key only takes space.
import { lt } from 'drizzle-orm';
import { schema } from '@rora/db';
import type { JobDefinition } from './job.ts';

export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;

export const purgeIdempotencyKeys: JobDefinition = {
  name: 'purge-idempotency-keys',
  schedule: '23 * * * *',
  async run({ db, now }) {
    const cutoff = new Date(now().getTime() - IDEMPOTENCY_KEY_RETENTION_HOURS * 3_600_000);
    const { idempotencyKeys } = schema;
    const result = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff));
    return { deleted: result.rowCount ?? 0 };
  },
};
