// One runner per listed market, created at once and started (book rebuilt) on first use or by
// startAll at server start. Whoever cares about committed batches (market data, the customer's
// order stream, alerts) subscribes here; listeners run after the commit, in the runner's turn.
import type { Db } from '@rora/db';
import type { Ledger } from '@rora/ledger';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { MARKETS, type Market } from '../markets/market-specs.ts';
import { MarketRunner, type CommittedBatch, type RunnerLog } from './market-runner.ts';

export type BatchListener = (batch: CommittedBatch) => void;

export interface MarketRunners {
  runner(market: Market): MarketRunner;
  all(): MarketRunner[];
  onCommitted(listener: BatchListener): () => void;
  startAll(): Promise<void>;
  stopAll(): Promise<void>;
}

export function createMarketRunners(deps: {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  log: RunnerLog;
  maxBatch?: number;
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
  const runners = new Map(
    MARKETS.map((market) => [market.symbol as string, new MarketRunner({ ...deps, market, onCommitted })]),
  );
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
    async startAll() {
      await Promise.all([...runners.values()].map((runner) => runner.start()));
    },
    async stopAll() {
      await Promise.all([...runners.values()].map((runner) => runner.stop()));
    },
  };
}
