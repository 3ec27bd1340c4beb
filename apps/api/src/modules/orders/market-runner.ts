// One market's side of the order flow (DESIGN §5 order flow): its book in memory (market-book.ts)
// and the sequencer that writes it (order-sequencer.ts), which every market of the app shares. The
// orders service, the market maker and the market data read and write a market through this.
//
// The book shows what the database says (its depth as of its last committed batch); on start, and
// after any batch that did not commit, it is rebuilt from the open orders in sequence order. A
// ledger refusal of one order's hold (a balance spent elsewhere meanwhile) drops that order and runs
// the rest again.
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import type { Market } from '../markets/index.ts';
import { MarketBook, type BookLog, type PlaceInput } from './market-book.ts';
import { OrderSequencer, type CommittedBatch, type OrderOutcome } from './order-sequencer.ts';

export type { PlaceInput } from './market-book.ts';
export type { CommittedBatch, OrderOutcome } from './order-sequencer.ts';
export type RunnerLog = BookLog;

export interface RunnerDependencies {
  market: Market;
  db: Db;
  clock: Clock;
  log: RunnerLog;
  /** The app's sequencer; a runner made alone (a test's) writes through one of its own. */
  sequencer?: OrderSequencer;
  onCommitted?(batch: CommittedBatch): void;
  /** Commands per batch of a runner's own sequencer (default 200). */
  maxBatch?: number;
}

export class MarketRunner {
  readonly market: Market;
  readonly book: MarketBook;
  private readonly sequencer: OrderSequencer;
  private readonly ownsSequencer: boolean;

  constructor(deps: RunnerDependencies) {
    this.market = deps.market;
    this.book = new MarketBook(deps.market, { db: deps.db, log: deps.log });
    this.ownsSequencer = deps.sequencer === undefined;
    this.sequencer =
      deps.sequencer ??
      new OrderSequencer({
        db: deps.db,
        clock: deps.clock,
        log: deps.log,
        onCommitted: deps.onCommitted ?? (() => undefined),
        maxBatch: deps.maxBatch,
      });
    this.sequencer.adopt(this.book);
  }

  place(input: PlaceInput): Promise<OrderOutcome> {
    return this.sequencer.place(this.book, input);
  }

  cancel(orderId: string): Promise<OrderOutcome> {
    return this.sequencer.cancel(this.book, orderId);
  }

  /** Public depth of the lit book as of its last committed batch, best first, in whole ticks and lots. */
  depth(levels?: number) {
    return this.book.depth(levels);
  }

  /** The newest trade the book knows (of either book): read from the database, or of its last batch. */
  lastTradeSeq(): bigint {
    return this.book.lastTradeSeq();
  }

  /** Depth of the engine now, batches still committing included. */
  liveDepth(levels?: number) {
    return this.book.liveDepth(levels);
  }

  /** Both books' open orders, for audits (never published). */
  openOrders() {
    return this.book.openOrders();
  }

  /** Whether this customer's order is open on this market's book (no database call). */
  holdsOpenOrder(orderId: string, userId: string): boolean {
    return this.book.openOwner(orderId) === userId;
  }

  /** Whether this customer's order was closed by a recent committed batch of this book (no database call). */
  closedOrder(orderId: string, userId: string): boolean {
    return this.book.closedOwner(orderId) === userId;
  }

  /** Runs `task` while no batch of the book's sequencer is in flight (audits: see OrderSequencer). */
  whileIdle<T>(task: () => Promise<T>): Promise<T> {
    return this.sequencer.whileIdle(task);
  }

  /** Rebuilds the book from the database (again, once this process writes); commands wait for it. */
  start(): Promise<void> {
    return this.sequencer.startBook(this.book);
  }

  /** A runner with its own sequencer answers what is queued, then refuses new commands. */
  async stop(): Promise<void> {
    if (this.ownsSequencer) await this.sequencer.stop();
  }
}
