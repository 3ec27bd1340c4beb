// The single writer of every market's order flow (DESIGN §5; ADR 0014). Commands (place, cancel)
// from all markets queue here and run in batches: one read of the balances they hold from, each
// market's commands through its own book, and one autocommit call that writes the whole batch
// (orders, fills, candles, stored answers and the ledger operations). Only then are the callers
// answered and the events published. While a batch commits, new commands queue for the next one.
//
// One writer for all markets rather than one per market: an order on BTC/USDT and one on ETH/USDT
// hold from the same USDT balance and pay into the same fee accounts, so per-market writers raced
// for those rows (lock waits, and a hold the ledger refused forced a rebuild of the book); here the
// batch reserves from one map of balances, and batches are as large as all markets' traffic.
import { availableBalances, isLedgerError, isRetryableTransactionError } from '@rora/ledger';
import type { Db } from '@rora/db';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Market } from '../markets/market-specs.ts';
import { idempotencyAnswer } from '../../plugins/idempotency.ts';
import { BATCH_LEVEL, type Batch } from './batch.ts';
import {
  commitBatches,
  holdKeys,
  isIdempotencyConflict,
  isNotTheWriter,
  storedKeys,
  type StoredAnswer,
} from './batch-commit.ts';
import { takeWriterLock, type WriterLock } from './writer-lock.ts';
import type { BookCommand, BookLog, BookResult, MarketBook, PlaceInput } from './market-book.ts';
import { placedOrderAnswer } from './order-view.ts';
import type { FillRecord, OrderState } from './order-state.ts';

export interface OrderOutcome {
  order: OrderState;
  fills: FillRecord[];
  /** A keyed request's answer, byte for byte as stored under its key. */
  answer?: string;
}

export interface CommittedBatch {
  market: Market;
  orders: OrderState[];
  fills: FillRecord[];
  at: Date;
}

export interface SequencerDependencies {
  db: Db;
  clock: Clock;
  log: BookLog;
  onCommitted(batch: CommittedBatch): void;
  /** Commands per batch, all markets together (default 200). */
  maxBatch?: number;
}

type Command = BookCommand & { book: MarketBook; settle: Settle };
interface Settle {
  resolve(outcome: OrderOutcome): void;
  reject(error: unknown): void;
}

/** One market's share of a batch. */
interface Part {
  book: MarketBook;
  commands: Command[];
  batch: Batch;
  results: BookResult[];
  /** Answers of keyed orders, by index in `commands`. */
  answers: Map<number, string>;
}

const MAX_ATTEMPTS = 4;

export class OrderSequencer {
  private queue: Command[] = [];
  private running = false;
  private stopped = false;
  private writer: WriterLock | null = null;

  constructor(private readonly deps: SequencerDependencies) {}

  place(book: MarketBook, input: PlaceInput): Promise<OrderOutcome> {
    return this.enqueue({ kind: 'place', input }, book);
  }

  cancel(book: MarketBook, orderId: string): Promise<OrderOutcome> {
    return this.enqueue({ kind: 'cancel', orderId }, book);
  }

  /** Answers what is queued, then refuses new commands and lets another process write. */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.running || this.queue.length > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await this.writer?.release();
    this.writer = null;
  }

  /** This process's writer lock, taken on first use and again if its connection was lost. */
  private async writerLock(): Promise<WriterLock | null> {
    if (this.writer?.held()) return this.writer;
    // A lock whose connection was lost still owns that (dead) pooled client: hand it back first.
    await this.writer?.release();
    this.writer = await takeWriterLock(this.deps.db.$client);
    if (!this.writer) this.deps.log.error({}, 'another process writes the order books: orders are refused here');
    return this.writer;
  }

  private enqueue(command: BookCommand, book: MarketBook): Promise<OrderOutcome> {
    if (this.stopped) return Promise.reject(new AppError('market_is_unavailable'));
    return new Promise((resolve, reject) => {
      this.queue.push({ ...command, book, settle: { resolve, reject } });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) await this.runBatch(this.queue.splice(0, this.deps.maxBatch ?? 200));
    } finally {
      this.running = false;
    }
  }

  private async runBatch(initial: Command[]): Promise<void> {
    let commands = initial;
    for (let attempt = 1; commands.length > 0; attempt += 1) {
      const writer = await this.writerLock().catch(() => null);
      if (!writer) {
        for (const command of commands) command.settle.reject(new AppError('market_is_unavailable'));
        return;
      }
      commands = await this.startBooks(commands);
      if (commands.length === 0) return;
      let parts: Part[] = [];
      try {
        const places = commands.flatMap((command) => (command.kind === 'place' ? [command.input] : []));
        const available = await availableBalances(this.deps.db, holdKeys(places));
        const now = this.deps.clock.now();
        parts = booksOf(commands).map((book) => runPart(book, commands, { now, available }));
        await this.commit(parts, now, writer.pid);
      } catch (error) {
        const retry = await this.recover(error, commands, attempt, parts);
        if (retry === null) return;
        commands = retry;
        continue;
      }
      for (const part of parts) this.settle(part);
      return;
    }
  }

  /** Rebuilds the books the commands need; a command whose book cannot be rebuilt is refused. */
  private async startBooks(commands: Command[]): Promise<Command[]> {
    const failed = new Set<MarketBook>();
    await Promise.all(booksOf(commands).map((book) => book.start().catch(() => failed.add(book))));
    if (failed.size === 0) return commands;
    for (const command of commands) {
      if (failed.has(command.book)) command.settle.reject(new AppError('market_is_unavailable'));
    }
    return commands.filter((command) => !failed.has(command.book));
  }

  private async commit(parts: Part[], now: Date, writerPid: number): Promise<void> {
    const answers: StoredAnswer[] = parts.flatMap((part) =>
      [...part.answers].map(([index, body]) => {
        const command = part.commands[index] as Command & { kind: 'place' };
        return idempotencyAnswer(command.input.idempotency!, { status: 201, body }, now);
      }),
    );
    const batches = parts.map((part) => part.batch);
    const empty = batches.every((batch) => batch.ops.length === 0 && batch.touched.size === 0);
    if (empty && answers.length === 0) return;
    await commitBatches({ db: this.deps.db, batches, now, answers, writerPid });
  }

  /** After a failed batch: its books rebuild, then decide which commands run again (null: none). */
  private async recover(error: unknown, commands: Command[], attempt: number, parts: Part[]) {
    // The books in memory ran ahead of the database: the next attempt rebuilds them first.
    for (const book of booksOf(commands)) book.invalidate();
    if (isNotTheWriter(error) && attempt < MAX_ATTEMPTS) {
      // The lock went with its connection: the next attempt takes it again, or refuses the commands.
      await this.writer?.release();
      this.writer = null;
      return commands;
    }
    if (isIdempotencyConflict(error) && attempt < MAX_ATTEMPTS) {
      const remaining = await this.dropTwins(commands).catch(() => null);
      if (remaining) return remaining;
    }
    const refused = isLedgerError(error) ? refusedHold(parts, error.index) : undefined;
    if (refused) {
      refused.settle.reject(new AppError('available_balance_must_cover_order'));
      return commands.filter((command) => command !== refused);
    }
    if (isRetryableTransactionError(error) && attempt < MAX_ATTEMPTS) return commands;
    this.deps.log.error(
      { error: isLedgerError(error) ? error.code : (error as Error).name, commands: commands.length },
      'order batch failed',
    );
    for (const command of commands) command.settle.reject(new AppError('market_is_unavailable'));
    return null;
  }

  /**
   * A keyed request whose twin on another server stored its answer first is told its twin is in
   * progress (a retry replays the twin's answer); the others run again.
   */
  private async dropTwins(commands: Command[]): Promise<Command[]> {
    const keyed = commands.flatMap((command) =>
      command.kind === 'place' && command.input.idempotency ? [{ command, request: command.input.idempotency }] : [],
    );
    const stored = await storedKeys(
      this.deps.db,
      keyed.map(({ request }) => request),
    );
    const twins = new Set<Command>(
      keyed.filter(({ request }) => stored.has(`${request.userId}|${request.key}`)).map(({ command }) => command),
    );
    for (const twin of twins) twin.settle.reject(new AppError('idempotency_request_in_progress'));
    return commands.filter((command) => !twins.has(command));
  }

  private settle(part: Part): void {
    const { batch } = part;
    part.commands.forEach((command, index) => {
      const result = part.results[index]!;
      if (!result.ok) return command.settle.reject(result.error);
      const order = batch.touched.get(result.orderId);
      if (!order) return command.settle.reject(new AppError('market_is_unavailable'));
      command.settle.resolve({ order, fills: batch.fillsOf(order.id), answer: part.answers.get(index) });
    });
    if (batch.touched.size === 0) return;
    try {
      this.deps.onCommitted({
        market: part.book.market,
        orders: [...batch.touched.values()],
        fills: batch.fills,
        at: this.deps.clock.now(),
      });
    } catch (error) {
      this.deps.log.error({ pair: part.book.market.symbol, error: (error as Error).name }, 'publishing a batch failed');
    }
  }
}

function booksOf(commands: readonly Command[]): MarketBook[] {
  return [...new Set(commands.map((command) => command.book))];
}

/** Runs one market's commands of the batch, and makes the answers of its keyed orders. */
function runPart(
  book: MarketBook,
  all: readonly Command[],
  options: { now: Date; available: Map<string, bigint> },
): Part {
  const commands = all.filter((command) => command.book === book);
  const batch = book.newBatch(options);
  const results = book.run(batch, commands);
  const answers = new Map<number, string>();
  commands.forEach((command, index) => {
    const result = results[index]!;
    if (command.kind !== 'place' || !command.input.idempotency || !result.ok) return;
    const order = batch.touched.get(result.orderId);
    if (order) answers.set(index, placedOrderAnswer(order, batch.fillsOf(order.id)).body);
  });
  return { book, commands, batch, results, answers };
}

/** The place command whose hold the ledger refused, from the index of the refused operation. */
function refusedHold(parts: readonly Part[], index: number | undefined): Command | undefined {
  if (index === undefined) return undefined;
  let offset = 0;
  for (const part of parts) {
    const local = index - offset;
    offset += part.batch.ops.length;
    if (local >= part.batch.ops.length) continue;
    const commandIndex = part.batch.opCommand[local];
    if (commandIndex === undefined || commandIndex === BATCH_LEVEL || part.batch.ops[local]?.op !== 'hold') return;
    const command = part.commands[commandIndex];
    return command?.kind === 'place' ? command : undefined;
  }
  return undefined;
}
