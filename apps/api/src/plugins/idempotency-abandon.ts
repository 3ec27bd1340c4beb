// Keys whose request ended without a final answer that may be stored (ADR 0024): answered 503 (the
// database was lost, or the route said "try again"), or whose claim or answer could not be written
// because the database was away. Such a key is not completed: it is abandoned, given to an owner
// that holds no lease, so the next retry resolves it as it would a dead process's key (the answer of
// the effect that committed, or released and run). When even that write fails, the claim is kept
// here and abandoned as soon as the database answers again: at the retry of that key on this
// process, after any other write of the store succeeds, or on the lease renewal loop. If this
// process dies first, its lease lapses and the key is orphaned anyway. A claim whose INSERT got no
// answer is kept with its request: that INSERT may commit after the abandoning is written, so it is
// abandoned as a claim written again (idempotency-store.ts), not only as an id.
import type { IdempotencyRequest, IdempotencyStore } from './idempotency-store.ts';

export interface Abandoner {
  /** Abandons the claim now; when the database is away, remembers it for `flush`. Never throws. */
  abandon(claimId: string): Promise<void>;
  /**
   * Remembers a claim whose INSERT got no answer (it may have committed, or commit later still), to
   * abandon with the next `flush`.
   */
  remember(claim: IdempotencyRequest): void;
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
  // By claim id: the request of a claim whose INSERT got no answer, null for one that committed.
  const pending = new Map<string, IdempotencyRequest | null>();
  // In the order they were abandoned, so the stale ones are the first.
  const done = new Map<string, number>();
  let flushing: Promise<void> | null = null;

  async function write(claims: Array<[string, IdempotencyRequest | null]>) {
    const ids = claims.filter(([, request]) => request === null).map(([id]) => id);
    const unacknowledged = claims.flatMap(([, request]) => (request ? [request] : []));
    await store.abandon(ids, unacknowledged);
    const at = now();
    forgetStale(at);
    for (const [id] of claims) {
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
      pending.set(claimId, null);
      await write([[claimId, null]]).catch(log);
    },
    remember(claim) {
      pending.set(claim.id, claim);
    },
    waiting: (claimId) => pending.has(claimId),
    abandoned: (claimId) => {
      forgetStale(now());
      return done.has(claimId);
    },
    remembered: () => done.size,
    async settle(claimId) {
      const claim = pending.get(claimId);
      if (claim !== undefined) await write([[claimId, claim]]);
    },
    flush,
  };
}
