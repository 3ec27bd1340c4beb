// Keys whose request ended without a final answer that may be stored (ADR 0024): answered 503 (the
// database was lost, or the route said "try again"), or whose claim or answer could not be written
// because the database was away. Such a key is not completed: it is abandoned, given to an owner
// that holds no lease, so the next retry resolves it as it would a dead process's key (the answer of
// the effect that committed, or released and run). When even that write fails, the claim is kept
// here and abandoned as soon as the database answers again: at the retry of that key on this
// process, after any other write of the store succeeds, or on the lease renewal loop. If this
// process dies first, its lease lapses and the key is orphaned anyway.
import type { IdempotencyStore } from './idempotency-store.ts';

export interface Abandoner {
  /** Abandons the claim now; when the database is away, remembers it for `flush`. Never throws. */
  abandon(claimId: string): Promise<void>;
  /** Remembers a claim whose write may or may not have committed, to abandon with the next `flush`. */
  remember(claimId: string): void;
  /** True while `claimId` waits to be abandoned. */
  waiting(claimId: string): boolean;
  /**
   * True when this process abandoned `claimId` lately (ABANDONED_MEMORY_MS): a row read in flight
   * just before that write committed is the claim of no running request all the same.
   */
  abandoned(claimId: string): boolean;
  /** How many abandoned claims it remembers (for tests: the memory stays bounded). */
  remembered(): number;
  /** Abandons every remembered claim; throws (keeping them) when the database is still away. */
  flush(): Promise<void>;
  /**
   * Abandons this one claim if it waits to be: its retry's own write, held up by no other claim's
   * (a row another transaction holds). Throws, keeping it, when the database does not take it.
   */
  settle(claimId: string): Promise<void>;
}

/**
 * How long an abandoned claim is remembered: twice the longest statement deadline the configuration
 * allows (QUERY_DEADLINE_MS, at most 60 s), so a lookup that read the row before its abandon
 * committed always finds it still remembered; bounded all the same (one id per abandon in that time).
 */
export const ABANDONED_MEMORY_MS = 120_000;

export function createAbandoner(
  store: IdempotencyStore,
  log: (error: unknown) => void,
  now: () => number = () => performance.now(),
): Abandoner {
  const pending = new Set<string>();
  // In the order they were abandoned, so the stale ones are the first.
  const done = new Map<string, number>();
  let flushing: Promise<void> | null = null;

  async function write(ids: string[]) {
    await store.abandon(ids);
    const at = now();
    forgetStale(at);
    for (const id of ids) {
      pending.delete(id);
      // Deleted first, so the map stays in the order of the times it holds.
      done.delete(id);
      done.set(id, at);
    }
  }

  function forgetStale(at: number) {
    for (const [id, when] of done) {
      if (at - when < ABANDONED_MEMORY_MS) break;
      done.delete(id);
    }
  }

  async function flush(): Promise<void> {
    // One write at a time; a claim remembered during one goes with the next.
    while (pending.size > 0) {
      flushing ??= write([...pending]).finally(() => {
        flushing = null;
      });
      await flushing;
    }
  }

  return {
    async abandon(claimId) {
      pending.add(claimId);
      await write([claimId]).catch(log);
    },
    remember(claimId) {
      pending.add(claimId);
    },
    waiting: (claimId) => pending.has(claimId),
    abandoned: (claimId) => {
      forgetStale(now());
      return done.has(claimId);
    },
    remembered: () => done.size,
    async settle(claimId) {
      if (pending.has(claimId)) await write([claimId]);
    },
    flush,
  };
}
