// A replica's watch over the market shards it may write and does not (ADR 0045, ADR 0046). Every
// TAKEOVER_POLL_MS it tries the writer lock of each: a writer that died frees its lock once its
// session ends, and the watch takes its markets over then, books read from the database, without
// waiting for an order to land here. Before it, a dead writer's shard stayed without one until an
// order reached a process allowed to write it: orders sent elsewhere were refused
// (market_is_unavailable) and its public market data answered 503. A lock a live writer holds costs
// one pg_try_advisory_lock a shard a tick; a process that writes all its shards sends nothing.
import type { RunnerLog } from './market-runner.ts';
import type { MarketRunners } from './market-runners.ts';

export const TAKEOVER_POLL_MS = 1_000;

export interface TakeoverWatch {
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

export function createTakeoverWatch(deps: {
  runners: MarketRunners;
  log: RunnerLog;
  /** What the process starts for the shards it took (after their books are read). */
  onTaken(shards: number[]): Promise<void>;
}): TakeoverWatch {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function look(): Promise<void> {
    const taken = await deps.runners.claimWriters();
    if (taken.length === 0) return;
    deps.log.warn({ shards: taken }, 'took over the writing of market shards');
    await deps.onTaken(taken);
  }

  const tick = () => {
    running ??= look()
      .catch((error: unknown) => deps.log.error({ error: (error as Error).name }, 'looking for vacant shards failed'))
      .finally(() => (running = null));
  };

  return {
    start(intervalMs) {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
