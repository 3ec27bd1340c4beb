// Settles or returns the external platforms' orders left pending (a platform that did not answer, a
// crash in the middle), in the process that writes the order books only, at its start and then
// every RECONCILE_EVERY_MS, for orders older than RECONCILE_AFTER_MS: by then no request can still
// be waiting on them (a platform answers in seconds or is given up on).
import type { Clock } from '../../lib/clock.ts';
import type { RunnerLog } from './market-runner.ts';
import type { VenueOrders } from './venue-orders.ts';

export const RECONCILE_AFTER_MS = 60_000;
export const RECONCILE_EVERY_MS = 30_000;

export function createVenueReconciler(deps: { venueOrders: VenueOrders; clock: Clock; log: RunnerLog }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function reconcile(): Promise<void> {
    const olderThan = new Date(deps.clock.now().getTime() - RECONCILE_AFTER_MS);
    const counts = await deps.venueOrders.reconcilePending({ olderThan });
    if (counts.settled + counts.returned + counts.unknown > 0) {
      deps.log.warn(counts, 'pending platform orders reconciled');
    }
  }

  const tick = () => {
    running ??= reconcile()
      .catch((error: unknown) => deps.log.error({ error: (error as Error).name }, 'reconciling platform orders failed'))
      .finally(() => (running = null));
    return running;
  };

  return {
    /** Once: a process that takes shard 0 over later starts it then. */
    async start(): Promise<void> {
      if (timer) return;
      await tick();
      timer = setInterval(tick, RECONCILE_EVERY_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
