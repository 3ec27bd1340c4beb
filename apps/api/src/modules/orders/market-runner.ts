// The single writer of one market (DESIGN §5 order flow): a queue of commands (place, cancel) run in
// batches. Each batch reads the balances it needs, runs its commands through the in-memory engine,
// and commits everything it decided (holds, orders, fills, settlement transfers, fees, candles) in
// one transaction; only then are the callers answered and the events published. While a batch
// commits, new commands queue up for the next one (group commit).
//
// The book in memory must always equal what the database says: on start, and after any failed
// commit, the runner rebuilds it from the open orders in sequence order. A ledger refusal of one
// order's hold (a balance spent elsewhere meanwhile) drops that order and runs the rest again.
import { Market as EngineMarket, darkMinNotionalTickLots, type EngineEvent } from '@rora/matching-engine';
import { isLedgerError, isRetryableTransactionError, type Ledger } from '@rora/ledger';
import type { Db } from '@rora/db';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Market } from '../markets/market-specs.ts';
import { Batch, BATCH_LEVEL } from './batch.ts';
import { planOrder } from './order-plan.ts';
import type { OrderIntent } from './order-request.ts';
import type { FillRecord, OrderState } from './order-state.ts';
import { newOrderState, toOpenOrder } from './runner-records.ts';
import { loadOpenOrders, loadSequences, readAvailable } from './orders.repository.ts';
import { commitBatch, holdKeys } from './batch-commit.ts';

export interface PlaceInput {
  orderId: string;
  userId: string;
  intent: OrderIntent;
}

export interface OrderOutcome {
  order: OrderState;
  fills: FillRecord[];
}

export interface CommittedBatch {
  market: Market;
  orders: OrderState[];
  fills: FillRecord[];
  at: Date;
}

export interface RunnerLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface RunnerDependencies {
  market: Market;
  db: Db;
  ledger: Ledger;
  clock: Clock;
  log: RunnerLog;
  onCommitted(batch: CommittedBatch): void;
  /** Commands per batch (default 200). */
  maxBatch?: number;
}

type Command =
  { kind: 'place'; input: PlaceInput; settle: Settle } | { kind: 'cancel'; orderId: string; settle: Settle };
interface Settle {
  resolve(outcome: OrderOutcome): void;
  reject(error: unknown): void;
}
type Result = { ok: true; orderId: string } | { ok: false; error: AppError };

const MAX_ATTEMPTS = 4;

export class MarketRunner {
  readonly market: Market;
  private engine!: EngineMarket;
  private open = new Map<string, OrderState>();
  private nextOrderSeq = 1n;
  private nextTradeSeq = 1n;
  private queue: Command[] = [];
  private running = false;
  private ready: Promise<void> | null = null;
  private stopped = false;
  private batch: Batch | null = null;
  private pending: OrderState | null = null;
  private rejection: string | null = null;

  constructor(private readonly deps: RunnerDependencies) {
    this.market = deps.market;
    this.engine = this.newEngine();
  }

  place(input: PlaceInput): Promise<OrderOutcome> {
    return this.enqueue((settle) => ({ kind: 'place', input, settle }));
  }

  cancel(orderId: string): Promise<OrderOutcome> {
    return this.enqueue((settle) => ({ kind: 'cancel', orderId, settle }));
  }

  /** Public depth of the lit book, best first, in whole ticks and lots. */
  depth(levels?: number) {
    return this.engine.depth(levels);
  }

  /** Both books' open orders, for audits (never published). */
  openOrders() {
    return this.engine.openOrders();
  }

  /** Rebuilds the book from the database; commands wait for it. */
  start(): Promise<void> {
    this.ready ??= this.rebuild().catch((error: unknown) => {
      this.ready = null;
      this.deps.log.error({ pair: this.market.symbol, error: (error as Error).name }, 'order book rebuild failed');
      throw error;
    });
    return this.ready;
  }

  /** Answers what is queued, then refuses new commands. */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.running || this.queue.length > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  private enqueue(make: (settle: Settle) => Command): Promise<OrderOutcome> {
    if (this.stopped) return Promise.reject(new AppError('market_is_unavailable'));
    return new Promise((resolve, reject) => {
      this.queue.push(make({ resolve, reject }));
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        await this.runBatch(this.queue.splice(0, this.deps.maxBatch ?? 200));
      }
    } finally {
      this.running = false;
    }
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

  private async runBatch(initial: Command[]): Promise<void> {
    let commands = initial;
    for (let attempt = 1; commands.length > 0; attempt += 1) {
      try {
        await this.start();
      } catch {
        for (const command of commands) command.settle.reject(new AppError('market_is_unavailable'));
        return;
      }
      const now = this.deps.clock.now();
      let batch: Batch;
      let results: Result[];
      try {
        const places = commands.flatMap((command) => (command.kind === 'place' ? [command.input] : []));
        const available = await readAvailable(this.deps.db, holdKeys(places));
        batch = new Batch({
          market: this.market,
          open: this.open,
          now,
          available,
          nextTradeSeq: () => this.nextTradeSeq++,
        });
        results = this.execute(batch, commands);
        await this.commit(batch, now);
      } catch (error) {
        const retry = await this.recover(error, commands, attempt, this.batch);
        if (retry === null) return;
        commands = retry;
        continue;
      } finally {
        this.batch = null;
      }
      this.settle(commands, results, batch);
      return;
    }
  }

  /** After a failed batch: rebuild the book, then decide which commands run again (null: none). */
  private async recover(error: unknown, commands: Command[], attempt: number, batch: Batch | null) {
    // The book in memory ran ahead of the database: the next attempt (or batch) rebuilds it first.
    this.ready = null;
    const index = isLedgerError(error) ? error.index : undefined;
    const commandIndex = batch && index !== undefined ? batch.opCommand[index] : undefined;
    const refused = commandIndex !== undefined && commandIndex !== BATCH_LEVEL ? commands[commandIndex] : undefined;
    if (refused && refused.kind === 'place' && batch?.ops[index!]?.op === 'hold') {
      refused.settle.reject(new AppError('available_balance_must_cover_order'));
      return commands.filter((command) => command !== refused);
    }
    if (isRetryableTransactionError(error) && attempt < MAX_ATTEMPTS) return commands;
    this.deps.log.error(
      { pair: this.market.symbol, error: isLedgerError(error) ? error.code : (error as Error).name },
      'order batch failed',
    );
    for (const command of commands) command.settle.reject(new AppError('market_is_unavailable'));
    return null;
  }

  /** Runs the commands through the engine; synchronous, so nothing else sees a half-run batch. */
  private execute(batch: Batch, commands: Command[]): Result[] {
    this.batch = batch;
    const results = commands.map((command, index) => {
      batch.commandIndex = index;
      return command.kind === 'place' ? this.executePlace(batch, command.input) : this.executeCancel(command.orderId);
    });
    batch.finish();
    return results;
  }

  private executePlace(batch: Batch, input: PlaceInput): Result {
    const { intent } = input;
    const plan = planOrder(this.market, intent, this.engine);
    if (!plan.ok) return { ok: false, error: new AppError(plan.code) };
    if (!batch.reserve(input.userId, plan.holdAsset, plan.holdAmount)) {
      return { ok: false, error: new AppError('available_balance_must_cover_order') };
    }
    this.pending = newOrderState({ input, plan, seq: this.nextOrderSeq++, now: batch.now });
    this.rejection = null;
    this.engine.place({ ...plan.command, orderId: input.orderId, owner: input.userId });
    this.pending = null;
    if (this.rejection !== null) {
      this.deps.log.warn({ pair: this.market.symbol, reason: this.rejection }, 'engine refused an order');
      return { ok: false, error: new AppError('market_is_unavailable') };
    }
    return { ok: true, orderId: input.orderId };
  }

  private executeCancel(orderId: string): Result {
    if (!this.open.has(orderId)) return { ok: false, error: new AppError('order_must_be_open') };
    this.engine.cancel(orderId);
    return { ok: true, orderId };
  }

  private async commit(batch: Batch, now: Date): Promise<void> {
    if (batch.ops.length > 0) await commitBatch({ db: this.deps.db, ledger: this.deps.ledger, batch, now });
  }

  private settle(commands: Command[], results: Result[], batch: Batch): void {
    commands.forEach((command, index) => {
      const result = results[index]!;
      if (!result.ok) return command.settle.reject(result.error);
      const order = batch.touched.get(result.orderId);
      if (!order) return command.settle.reject(new AppError('market_is_unavailable'));
      command.settle.resolve({ order, fills: batch.fillsOf(order.id) });
    });
    if (batch.touched.size > 0) {
      const committed = {
        market: this.market,
        orders: [...batch.touched.values()],
        fills: batch.fills,
        at: this.deps.clock.now(),
      };
      try {
        this.deps.onCommitted(committed);
      } catch (error) {
        this.deps.log.error({ pair: this.market.symbol, error: (error as Error).name }, 'publishing a batch failed');
      }
    }
  }
}
