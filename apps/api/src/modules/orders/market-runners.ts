// One runner per listed market, each writing through its shard's order sequencer (ADR 0046: one
// sequencer, writer lock and commit chain per shard), created at once and started (book rebuilt) on
// first use or by startAll at server start. Whoever cares about committed
// batches (market data, the customer's order stream, alerts) subscribes here; listeners run after
// the commit, once per market of the batch.
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { MARKETS, type Market } from '../markets/index.ts';
import { MarketRunner, type CommittedBatch, type RunnerLog } from './market-runner.ts';
import type { NoticeMaker } from './batch-part.ts';
import { OrderSequencer, type WriterStanding } from './order-sequencer.ts';
import { SINGLE_SHARD, type ShardMap } from './order-shards.ts';

export type BatchListener = (batch: CommittedBatch) => void;

export interface MarketRunners {
  runner(market: Market): MarketRunner;
  all(): MarketRunner[];
  onCommitted(listener: BatchListener): () => void;
  /**
   * Runs when this process becomes the writer of a shard, its books read under the lock, before any
   * batch of it commits (market data announces what the previous writer may not have, ADR 0073).
   */
  onWriter(listener: (shard: number) => void): () => void;
  startAll(): Promise<void>;
  stopAll(): Promise<void>;
  /** The market shards and which of them this process may write. */
  readonly shards: ShardMap;
  /**
   * Takes the writer lock of the market's shard (shard 0 without one) if no other process holds it
   * and this process may write it: true when this process writes that shard.
   */
  claimWriter(market?: Market): Promise<boolean>;
  /**
   * Takes the lock of every shard this process may write, does not write now (nor still may: a lease
   * in doubt after a stall is left to its renewal) and no other process holds, and reads those
   * shards' books: the shards it took.
   */
  claimWriters(): Promise<number[]>;
  /**
   * True while this process holds the lock of the market's shard (shard 0 without one) and has read
   * that shard's books under it (no database call).
   */
  writesNow(market?: Market): boolean;
  /** Whether this process writes the market's shard, may still (a lease in doubt) or no longer does. */
  standing(market?: Market): WriterStanding;
}

/** Calls every listener; one that throws is reported and the others still run. */
function callEach<Event>(listeners: Set<(event: Event) => void>, event: Event, report: (error: Error) => void): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      report(error as Error);
    }
  }
}

export function createMarketRunners(deps: {
  db: Db;
  clock: Clock;
  log: RunnerLog;
  maxBatch?: number;
  shards?: ShardMap;
  onWriter?(shard: number, pid: number): void;
  /** The notifications each batch stores with it (the fill notifier's). */
  notices?: NoticeMaker;
}): MarketRunners {
  const shards = deps.shards ?? SINGLE_SHARD;
  const listeners = new Set<BatchListener>();
  const writerListeners = new Set<(shard: number) => void>();
  const onWriter = (shard: number, pid: number) => {
    deps.onWriter?.(shard, pid);
    callEach(writerListeners, shard, (error) =>
      deps.log.error({ shard, error: error.name }, 'a writer listener failed'),
    );
  };
  const onCommitted = (batch: CommittedBatch) =>
    callEach(listeners, batch, (error) =>
      deps.log.error({ pair: batch.market.symbol, error: error.name }, 'a batch listener failed'),
    );
  // One writer per shard (ADR 0014, ADR 0046); each market keeps its own book.
  const sequencers = Array.from(
    { length: shards.count },
    (_, shard) =>
      new OrderSequencer({
        ...deps,
        shard,
        mayWrite: shards.mayWrite(shard),
        onCommitted,
        onWriter: (pid) => onWriter(shard, pid),
      }),
  );
  const sequencerOf = (market?: Market) => sequencers[market ? shards.shardOf(market.symbol) : 0]!;
  const runners = new Map(
    MARKETS.map((market) => [
      market.symbol as string,
      new MarketRunner({ ...deps, market, sequencer: sequencerOf(market) }),
    ]),
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
    onWriter(listener) {
      writerListeners.add(listener);
      return () => writerListeners.delete(listener);
    },
    startAll,
    async stopAll() {
      await Promise.all(sequencers.map((sequencer) => sequencer.stop()));
    },
    shards,
    writesNow: (market) => sequencerOf(market).writesNow(),
    standing: (market) => sequencerOf(market).standing(),
    // A sequencer reads its shard's books under the lock before it counts as the writer.
    claimWriter: (market) => sequencerOf(market).claimWriter(),
    async claimWriters() {
      const vacant = sequencers.filter((sequencer) => sequencer.vacant());
      const claimed = await Promise.all(vacant.map((sequencer) => sequencer.claimWriter()));
      return vacant.filter((_, at) => claimed[at]).map((sequencer) => sequencer.shard);
    },
  };
}
