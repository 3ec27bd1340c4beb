// The swap settlement jobs (pg-boss, run by the worker of background.ts, in the API process or
// standalone; their events reach the API over the event bus). `settle-swap` is sent when a swap is placed, to start at its due time, and
// settles that one swap; `settle-swaps` runs every minute as the backstop: every due swap (a lost
// or failed job), notifications a crash lost, and old unused quotes. Both are idempotent.
import type { JobDefinition } from '@rora/worker';
import type { SwapSettlement } from './settlement.ts';
import type { SettlementScheduler } from './swap.service.ts';

export const SETTLE_SWAP_JOB = 'settle-swap';
export const SETTLE_SWAPS_JOB = 'settle-swaps';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createSwapJobs(settlement: SwapSettlement): JobDefinition[] {
  const settleSwap: JobDefinition<{ swapId?: unknown }> = {
    name: SETTLE_SWAP_JOB,
    async run(_context, data) {
      const swapId = data?.swapId;
      if (typeof swapId !== 'string' || !UUID.test(swapId)) throw new Error('settle-swap needs { swapId: uuid }');
      return { swapId, outcome: await settlement.settleOne(swapId) };
    },
  };
  const settleSwaps: JobDefinition = {
    name: SETTLE_SWAPS_JOB,
    schedule: '* * * * *',
    run: ({ log }) => settlement.settleDue({ log }),
  };
  return [settleSwap as JobDefinition, settleSwaps];
}

/** What sends a job: pg-boss's `send` (the running worker's `boss`). */
export interface JobSender {
  send(name: string, data: object, options: { startAfter: Date; singletonKey: string }): Promise<unknown>;
}

export interface LateBoundScheduler extends SettlementScheduler {
  /** Connects the queue once the worker runs (background.ts); until then the every-minute sweep settles. */
  attach(sender: JobSender, log: { warn(fields: object, message: string): void }): void;
}

export function createSettlementScheduler(): LateBoundScheduler {
  let sender: JobSender | null = null;
  let logger: { warn(fields: object, message: string): void } | null = null;
  return {
    attach(next, log) {
      sender = next;
      logger = log;
    },
    async schedule(swapId, dueAt) {
      if (!sender) return;
      try {
        await sender.send(SETTLE_SWAP_JOB, { swapId }, { startAfter: dueAt, singletonKey: swapId });
      } catch (error) {
        // The swap is placed and held; the every-minute sweep settles it on time without this job.
        logger?.warn(
          { swapId, err: error instanceof Error ? error.message.split('\n')[0] : String(error) },
          'could not schedule a swap settlement',
        );
      }
    },
  };
}
