// Deletes idempotency keys older than 24 hours (ADR 0005), including any left in flight by a process
// that died: a client retries within seconds or minutes, and a day later a key only takes space.
// Also the leases of processes gone for an hour (ADR 0024): a key whose owner has no lease row is
// orphaned just as one whose lease lapsed, so the row only takes space.
import { lt, sql } from 'drizzle-orm';
import { schema } from '@rora/db';
import type { JobDefinition } from './job.ts';

export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;

export const purgeIdempotencyKeys: JobDefinition = {
  name: 'purge-idempotency-keys',
  schedule: '23 * * * *',
  async run({ db, now }) {
    const cutoff = new Date(now().getTime() - IDEMPOTENCY_KEY_RETENTION_HOURS * 3_600_000);
    const { idempotencyKeys, idempotencyOwners } = schema;
    const result = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff));
    const owners = await db
      .delete(idempotencyOwners)
      .where(lt(idempotencyOwners.expiresAt, sql`now() - interval '1 hour'`));
    return { deleted: result.rowCount ?? 0, ownersDeleted: owners.rowCount ?? 0 };
  },
};
