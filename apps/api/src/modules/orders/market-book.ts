// One market's book in memory: its engine (the lit book and the dark pool), its open orders and its
// sequence numbers. The order sequencer runs commands through it, one batch at a time; a batch may
// still be committing when the next one runs, so the engine can be a batch or two ahead of the
// database, and what the book shows (its depth) is the depth as of its last committed batch. After
// any batch that did not commit, it is rebuilt from the open orders in sequence order.
import { DEPTH_MAX_LEVELS } from '@rora/contracts';
import {
  Market as EngineMarket,
  darkMinNotionalTickLots,
  type Depth as EngineDepth,
  type EngineEvent,
  type MarketPlaceCommand,
} from '@rora/matching-engine';
import type { Db } from '@rora/db';
import { AppError } from '../../lib/errors.ts';
import type { Market } from '../markets/index.ts';
import { Batch } from './batch.ts';
import { ClosedOrders } from './closed-orders.ts';
import { planOrder } from './order-plan.ts';
import type { OrderIntent } from './order-request.ts';
import type { OrderState } from './order-state.ts';
import { loadOpenOrders, loadSequences } from './orders.repository.ts';
import { newOrderState, toOpenOrder } from './runner-records.ts';
import type { IdempotentRequest } from '../../lib/idempotency-recovery.ts';

export interface PlaceInput {
  orderId: string;
  userId: string;
  intent: OrderIntent;
  /** A keyed request: its answer commits with the batch (ADR 0013). */
  idempotency?: IdempotentRequest;
}

export type BookCommand = { kind: 'place'; input: PlaceInput } | { kind: 'cancel'; orderId: string };
export type BookResult = { ok: true; orderId: string } | { ok: false; error: AppError };

export interface BookLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

type RefusalCode = 'notional_must_fit_range' | 'post_only_requires_limit_gtc' | 'notional_must_reach_dark_pool_minimum';

/**
 * Engine refusals a customer may meet, and their catalogued answers (never a 5xx). order-request.ts
 * checks the first two first; the dark pool's minimum only in part: it values an order at its limit,
 * while the engine values a dark buy at the resting asks it would take (order-book.ts), which only
 * the book knows.
 */
const ENGINE_REFUSALS: Record<string, { code: RefusalCode; field?: string }> = {
  notional_must_fit_engine_range: { code: 'notional_must_fit_range' },
  post_only_requires_limit_gtc: { code: 'post_only_requires_limit_gtc' },
  notional_must_reach_dark_pool_minimum: { code: 'notional_must_reach_dark_pool_minimum', field: 'amount' },
};

export class MarketBook {
  readonly market: Market;
  private engine: EngineMarket;
  private open = new Map<string, OrderState>();
  private nextOrderSeq = 1n;
  private nextTradeSeq = 1n;
  private ready: Promise<void> | null = null;
  /** The lit book's depth as of the last committed batch (DEPTH_MAX_LEVELS levels a side). */
  private committed: EngineDepth = { bids: [], asks: [] };
  private batch: Batch | null = null;
  /** Orders committed batches closed: kept across rebuilds, since a closed order stays closed. */
  private readonly closed = new ClosedOrders();
  private pending: OrderState | null = null;
  private rejection: string | null = null;

  constructor(
    market: Market,
    private readonly deps: { db: Db; log: BookLog },
  ) {
    this.market = market;
    this.engine = this.newEngine();
  }

  /** Public depth of the lit book as committed, best first, in whole ticks and lots. */
  depth(levels: number = DEPTH_MAX_LEVELS): EngineDepth {
    return { bids: this.committed.bids.slice(0, levels), asks: this.committed.asks.slice(0, levels) };
  }

  /**
   * The newest trade sequence given out: right after a rebuild, the newest stored (a new writer's
   * books read under its lock: the old writer's last trade, ADR 0073).
   */
  lastTradeSeq(): bigint {
    return this.nextTradeSeq - 1n;
  }

  /** Depth of the engine as it is now, batches still committing included (for estimates). */
  liveDepth(levels?: number): EngineDepth {
    return this.engine.depth(levels);
  }

  /** The engine's depth now, to publish once the batch that made it commits. */
  snapshot(): EngineDepth {
    return this.engine.depth(DEPTH_MAX_LEVELS);
  }

  /** A batch committed: its snapshot is now what the book shows, and the orders it closed are known closed. */
  publish(depth: EngineDepth, touched: Iterable<OrderState>): void {
    this.committed = depth;
    this.closed.note(touched);
  }

  /** Both books' open orders, for audits (never published). */
  openOrders() {
    return this.engine.openOrders();
  }

  /**
   * The customer of an order open on this book, or undefined. The book may be a batch ahead of the
   * database, but an order's id reaches its customer only once its batch committed.
   */
  openOwner(orderId: string): string | undefined {
    return this.open.get(orderId)?.userId;
  }

  /** The customer of an order a committed batch of this book closed (recent ones only), or undefined. */
  closedOwner(orderId: string): string | undefined {
    return this.closed.owner(orderId);
  }

  /** Rebuilds the book from the database if it is not known to equal it; commands wait for it. */
  start(): Promise<void> {
    this.ready ??= this.rebuild().catch((error: unknown) => {
      this.ready = null;
      this.deps.log.error({ pair: this.market.symbol, error: (error as Error).name }, 'order book rebuild failed');
      throw error;
    });
    return this.ready;
  }

  /** The book ran ahead of the database (a batch did not commit): rebuild it before the next batch. */
  invalidate(): void {
    this.ready = null;
  }

  /** A batch of this market, reserving from the balances the sequencer read for every market. */
  newBatch(options: { now: Date; available: Map<string, bigint> }): Batch {
    return new Batch({
      market: this.market,
      open: this.open,
      now: options.now,
      available: options.available,
      nextTradeSeq: () => this.nextTradeSeq++,
    });
  }

  /** Runs this market's commands of a batch through the engine; synchronous, so nothing sees half a batch. */
  run(batch: Batch, commands: readonly BookCommand[]): BookResult[] {
    this.batch = batch;
    try {
      const results = commands.map((command, index) => {
        batch.commandIndex = index;
        return command.kind === 'place' ? this.place(batch, command.input) : this.cancel(command.orderId);
      });
      batch.finish();
      return results;
    } finally {
      this.batch = null;
    }
  }

  private place(batch: Batch, input: PlaceInput): BookResult {
    const plan = planOrder(this.market, input.intent, this.engine);
    if (!plan.ok) return { ok: false, error: new AppError(plan.code) };
    if (!batch.reserve(input.userId, plan.holdAsset, plan.holdAmount)) {
      return { ok: false, error: new AppError('available_balance_must_cover_order') };
    }
    this.pending = newOrderState({ input, plan, seq: this.nextOrderSeq++, now: batch.now });
    this.rejection = null;
    // The plan's command was made for this order alone: completed in place, not copied by a spread
    // (a spread into the engine cost several times the plain call on the hot path).
    const command = plan.command as MarketPlaceCommand;
    command.orderId = input.orderId;
    command.owner = input.userId;
    this.engine.place(command);
    this.pending = null;
    const rejection = this.rejection as string | null;
    if (rejection === null) return { ok: true, orderId: input.orderId };
    // Refused before 'accepted': nothing was admitted, so no hold is written; the reservation goes
    // back so the customer's later orders in this batch see their whole balance.
    batch.unreserve(input.userId, plan.holdAsset, plan.holdAmount);
    const refusal = ENGINE_REFUSALS[rejection];
    if (refusal) {
      const options = refusal.field === undefined ? {} : { field: refusal.field };
      return { ok: false, error: new AppError(refusal.code, options) };
    }
    this.deps.log.warn({ pair: this.market.symbol, reason: rejection }, 'engine refused an order');
    return { ok: false, error: new AppError('market_is_unavailable') };
  }

  private cancel(orderId: string): BookResult {
    if (!this.open.has(orderId)) return { ok: false, error: new AppError('order_must_be_open') };
    this.engine.cancel(orderId);
    return { ok: true, orderId };
  }

  private newEngine(): EngineMarket {
    const sink = (event: EngineEvent) => this.onEvent(event);
    return new EngineMarket({
      litSink: sink,
      darkSink: sink,
      darkMinNotionalTickLots: darkMinNotionalTickLots(this.market.spec),
    });
  }

  /** Replaces the book with the database's open orders, in sequence order. */
  private async rebuild(): Promise<void> {
    const [orders, sequences] = await Promise.all([
      loadOpenOrders(this.deps.db, this.market.symbol),
      loadSequences(this.deps.db, this.market.symbol),
    ]);
    const engine = this.newEngine();
    const toOpen = (order: OrderState) => toOpenOrder(this.market, order);
    engine.restore({
      lit: orders.filter((order) => order.book === 'lit').map(toOpen),
      dark: orders.filter((order) => order.book === 'dark').map(toOpen),
    });
    this.engine = engine;
    this.committed = engine.depth(DEPTH_MAX_LEVELS);
    this.open = new Map(orders.map((order) => [order.id, order]));
    this.nextOrderSeq = sequences.order + 1n;
    this.nextTradeSeq = sequences.trade + 1n;
  }

  private onEvent(event: EngineEvent): void {
    const batch = this.batch;
    if (!batch) throw new Error('engine event outside a batch');
    switch (event.type) {
      case 'accepted':
        if (this.pending && this.pending.id === String(event.orderId)) batch.admit(this.pending);
        return;
      case 'rejected':
        this.rejection = event.reason;
        return;
      case 'fill':
        return batch.fill(event);
      case 'rested':
        return batch.rested(event);
      case 'cancelled':
        return batch.cancelled(event);
      case 'done':
        return batch.done(event);
    }
  }
}
