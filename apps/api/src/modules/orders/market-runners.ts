// One runner per listed market, all writing through one order sequencer, created at once and
// started (book rebuilt) on first use or by startAll at server start. Whoever cares about committed
// batches (market data, the customer's order stream, alerts) subscribes here; listeners run after
// the commit, once per market of the batch.
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { MARKETS, type Market } from '../markets/index.ts';
import { MarketRunner, type CommittedBatch, type RunnerLog } from './market-runner.ts';
import { OrderSequencer } from './order-sequencer.ts';

export type BatchListener = (batch: CommittedBatch) => void;

export interface MarketRunners {
  runner(market: Market): MarketRunner;
  all(): MarketRunner[];
  onCommitted(listener: BatchListener): () => void;
  startAll(): Promise<void>;
  stopAll(): Promise<void>;
  /** Takes the order-writer lock if no other process holds it: true when this process writes. */
  claimWriter(): Promise<boolean>;
  /** True while this process holds the order-writer lock (no database call). */
  writesNow(): boolean;
}

export function createMarketRunners(deps: {
  db: Db;
  clock: Clock;
  log: RunnerLog;
  maxBatch?: number;
  onWriter?(pid: number): void;
}): MarketRunners {
  const listeners = new Set<BatchListener>();
  const onCommitted = (batch: CommittedBatch) => {
    for (const listener of listeners) {
      try {
        listener(batch);
      } catch (error) {
        deps.log.error({ pair: batch.market.symbol, error: (error as Error).name }, 'a batch listener failed');
      }
    }
  };
  // One writer for every market (ADR 0014); each market keeps its own book.
  const sequencer = new OrderSequencer({ ...deps, onCommitted });
  const runners = new Map(
    MARKETS.map((market) => [market.symbol as string, new MarketRunner({ ...deps, market, sequencer })]),
  );
  const startAll = async () => {
    await Promise.all([...runners.values()].map((runner) => runner.start()));
  };
  return {
    runner(market) {
      const runner = runners.get(market.symbol);
      if (!runner) throw new AppError('pair_is_not_listed');
      return runner;
    },
    all: () => [...runners.values()],
    onCommitted(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    startAll,
    async stopAll() {
      await sequencer.stop();
    },
    writesNow: () => sequencer.writesNow(),
    async claimWriter() {
      if (!(await sequencer.claimWriter())) return false;
      // Books read before the lock may miss an older writer's last batch: read them again now.
      await startAll();
      return true;
    },
  };
}
