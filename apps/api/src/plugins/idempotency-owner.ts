// This process's lease as the owner of the idempotency keys it claims (ADR 0024). The lease is a row
// in idempotency_owners that the process renews while it lives; a process killed stops renewing, so
// within LEASE_MS its keys in flight count as orphaned and the next retry resolves them. Time is the
// database's, so processes on machines whose clocks differ agree on which leases have lapsed.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@rora/db';

/** How long a lease lasts without renewal: a request never waits on a lapsed owner longer. */
export const LEASE_MS = 30_000;
/**
 * The owner of abandoned keys (idempotency-abandon.ts): no process ever holds its lease (theirs are
 * random version-4 UUIDs), so a key given to it is orphaned at once and the next retry resolves it.
 */
export const ABANDONED_OWNER = '00000000-0000-0000-0000-000000000000';

/** Renewed three times per lease, so one failed renewal (a busy database) does not lapse it. */
export const RENEW_EVERY_MS = LEASE_MS / 3;

export interface IdempotencyOwner {
  readonly id: string;
  /** Takes or renews the lease (also after it lapsed: the keys it still owns are fenced, ADR 0024). */
  renew(): Promise<void>;
  /** Renews every RENEW_EVERY_MS until `stop`, and runs `alongside` (if given) each time. */
  start(onError: (error: unknown) => void, alongside?: () => Promise<void>): void;
  /** Stops renewing and gives the lease up (no request of this process is in flight any more). */
  stop(): Promise<void>;
}

export function createIdempotencyOwner(db: Db): IdempotencyOwner {
  const id = randomUUID();
  let timer: NodeJS.Timeout | null = null;

  async function renew() {
    await db.execute(sql`
      INSERT INTO idempotency_owners (id, expires_at)
      VALUES (${id}, now() + make_interval(secs => ${LEASE_MS / 1000}))
      ON CONFLICT (id) DO UPDATE SET expires_at = EXCLUDED.expires_at`);
  }

  return {
    id,
    renew,
    start(onError, alongside) {
      timer ??= setInterval(() => {
        void renew().catch(onError);
        if (alongside) void alongside().catch(onError);
      }, RENEW_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      // A lease that cannot be given up (the database already gone) lapses within LEASE_MS: the
      // shutdown goes on rather than fail on it.
      await db.execute(sql`DELETE FROM idempotency_owners WHERE id = ${id}`).catch(() => undefined);
    },
  };
}
