// The single writer of the order flow of every market of one shard (DESIGN §5; ADR 0014, ADR 0046:
// one sequencer, writer lock and commit chain per shard). Commands (place, cancel) from the shard's
// markets queue here and run in batches: one read of the balances they hold from, each
// market's commands through its own book, and one autocommit call that writes the whole batch
// (orders, fills, candles, stored answers and the ledger operations). Only when it has committed are
// the callers answered and the events published.
//
// Batches are pipelined: while batch n commits, batch n+1 is read, matched and sent once 16
// commands wait for it (PIPELINE); fewer wait for n's commit. The database keeps them in order: n+1
// writes its new rows, waits for n, then moves the chain row from n to n+1, and fails if n did not
// commit (sql/orders_commit_batch.sql). n+1 starts from balances read before n committed plus what
// the batches in flight do to them (Batch.availableChanges), for each one its read did not include
// yet.
// A batch that fails takes the ones after it down: the sequencer lets them finish, rebuilds the
// books from the database, and runs their commands again. A batch whose answer was lost is answered
// instead if it left its mark in the database: it did commit. Every one of these decisions is made
// by the commit protocol (commit-protocol.ts, a pure state machine proven by the seeded simulation
// in simulation/); this class carries out its commands: the reads, the calls, the answers.
import { randomUUID } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '@rora/db';
import type { Market } from '../markets/index.ts';
import { idempotencyAnswer } from '../../lib/idempotency-recovery.ts';
import {
  batchCommitted,
  commitBatches,
  endBackend,
  holdKeys,
  isNotTheWriter,
  isOutcomeUnknown,
  readBatch,
} from './batch-commit.ts';
import { classifyFailure, isOutOfChain, type BatchFailure } from './batch-failure.ts';
import { CommitProtocol, type BatchKey, type CommitOutcome, type ProtocolCommand } from './commit-protocol.ts';
import type { BookCommand, BookLog, MarketBook, PlaceInput } from './market-book.ts';
import type { FillRecord, OrderState } from './order-state.ts';
import type { PreparedNotification } from '../notifications/index.ts';
import { applyChanges, booksOf, isEmpty, runPart, type NoticeMaker, type Part } from './batch-part.ts';
import { takeWriterLock, type WriterLock } from './writer-lock.ts';
import { withoutTwins } from './twin-keys.ts';

/**
 * Where this process stands with a shard's writing: it writes it, may still (a lease in doubt after a
 * stall: its books must not be served nor its topics sent meanwhile), or no longer does.
 */
export type WriterStanding = 'writing' | 'in-doubt' | 'gone';

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
  /** The notifications it stored (NotificationService.prepare), for their owners' streams. */
  notices: readonly PreparedNotification[];
  at: Date;
}

export interface SequencerDependencies {
  db: Db;
  clock: Clock;
  log: BookLog;
  onCommitted(batch: CommittedBatch): void;
  /** Commands per batch, all markets together (default 200). */
  maxBatch?: number;
  /** The market shard this sequencer writes (ADR 0046; default 0): its lock and commit chain. */
  shard?: number;
  /** False when this process may not write the shard (SEQUENCER_SHARDS): it never takes the lock. */
  mayWrite?: boolean;
  /** Told each time this process takes the shard's writer lock, with the lock session's pid. */
  onWriter?(pid: number): void;
  /** The notifications each batch stores in its own transaction (the fill notifier's). */
  notices?: NoticeMaker;
}

export type Command = BookCommand & { book: MarketBook; settle: Settle; attempts: number };
interface Settle {
  resolve(outcome: OrderOutcome): void;
  reject(error: unknown): void;
}

/** A batch the protocol knows by its key: what the sequencer needs to send it and answer it. */
interface InFlight {
  commands: Command[];
  parts: Part[];
  now: Date;
  writerPid: number;
  /** The last failed attempt's error. */
  error?: unknown;
}

const MAX_ATTEMPTS = 4;

export class OrderSequencer {
  private queue: Command[] = [];
  /** Every decision of the commit protocol (ADR 0023); the I/O stays here. */
  private protocol = new CommitProtocol();
  private batches = new Map<BatchKey, InFlight>();
  private lastKey: BatchKey = 0;
  /** Commands of failed batches to run again, once the recovery ends. */
  private again: Command[] = [];
  private running = false;
  private stopped = false;
  /** Wakes the loop while it waits for a batch to commit, when a command arrives or a batch settles. */
  private wake: (() => void) | null = null;
  private writer: WriterLock | null = null;
  /**
   * Books read since this process took its current writer lock. One read before (at start, or
   * under a lock since lost) may miss batches that an older writer committed meanwhile.
   */
  private fresh = new WeakSet<MarketBook>();
  /** The books of the shard's markets (MarketRunner adopts its book here): read on each takeover. */
  private readonly books = new Set<MarketBook>();
  /** The writer lock under which every one of `books` has been read: until then, not the writer yet. */
  private readUnder: WriterLock | null = null;
  private taking: Promise<WriterLock | null> | null = null;
  /** True while `whileIdle` holds new batches back. */
  private pausedForAudit = false;
  /** True while `drain` reads and matches a batch that is not yet in the protocol. */
  private starting = false;

  constructor(private readonly deps: SequencerDependencies) {}

  /** The market shard this sequencer writes. */
  get shard(): number {
    return this.deps.shard ?? 0;
  }

  place(book: MarketBook, input: PlaceInput): Promise<OrderOutcome> {
    return this.enqueue({ kind: 'place', input }, book);
  }

  cancel(book: MarketBook, orderId: string): Promise<OrderOutcome> {
    return this.enqueue({ kind: 'cancel', orderId }, book);
  }

  /** Answers what is queued, then refuses new commands and lets another process write. */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.running || this.queue.length > 0) await pause(5);
    // A take in flight would hold the lock after this release: it ends first.
    await this.taking?.catch(() => null);
    await this.writer?.release();
    this.writer = null;
  }

  /**
   * Runs `task` once no batch is being read, matched or committed, and starts none until it ends:
   * what it reads of the books and of the database then agrees (the book audit), even while orders
   * keep arriving. They queue meanwhile. Refused after `timeoutMs` if the batches never settle.
   */
  async whileIdle<T>(task: () => Promise<T>, timeoutMs = 5_000): Promise<T> {
    while (this.pausedForAudit) await pause(2);
    this.pausedForAudit = true;
    try {
      const deadline = Date.now() + timeoutMs;
      while (this.starting || this.protocol.inFlight().length > 0 || this.protocol.mustRecover()) {
        if (Date.now() > deadline) throw new AppError('market_is_unavailable');
        await pause(2);
      }
      return await task();
    } finally {
      this.pausedForAudit = false;
      if (!this.running && this.queue.length > 0) void this.drain();
      else this.wake?.();
    }
  }

  private enqueue(command: BookCommand, book: MarketBook): Promise<OrderOutcome> {
    if (this.stopped) return Promise.reject(new AppError('market_is_unavailable'));
    return new Promise((resolve, reject) => {
      this.queue.push({ ...command, book, settle: { resolve, reject }, attempts: 0 });
      if (!this.running) void this.drain();
      else this.wake?.();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (;;) {
        const { protocol } = this;
        const busy =
          protocol.pipelineFull(this.queue.length) ||
          protocol.failing() ||
          this.queue.length === 0 ||
          this.pausedForAudit;
        if (protocol.inFlight().length > 0 && busy) {
          await new Promise<void>((resolve) => (this.wake = resolve));
          this.wake = null;
          continue;
        }
        if (protocol.mustRecover()) {
          await this.recover();
          continue;
        }
        if (this.queue.length === 0 || this.pausedForAudit) return;
        const taken = withoutTwins(this.queue.splice(0, this.deps.maxBatch ?? 200));
        if (taken.length === 0) continue;
        // A command taken is answered whatever happens: an error here must not leave its caller waiting.
        this.starting = true;
        await this.start(taken)
          .catch((error: unknown) => {
            refuse(taken, 'market_is_unavailable');
            throw error;
          })
          .finally(() => (this.starting = false));
      }
    } catch (error) {
      // A programmer error in the loop itself: refuse what waits rather than leave callers hanging.
      this.deps.log.error({ error: (error as Error).name }, 'order sequencer stopped on an error');
      for (const command of this.queue.splice(0)) command.settle.reject(new AppError('market_is_unavailable'));
    } finally {
      this.running = false;
    }
  }

  /** Reads, matches and sends one batch; its commit is awaited by `drain` (PIPELINE). */
  private async start(taken: Command[]): Promise<void> {
    const writer = await this.writerLock().catch(() => null);
    if (!writer) return refuse(taken, 'market_is_unavailable');
    const commands = await this.startBooks(taken);
    if (commands.length === 0) return;
    // Batches that may commit before the read's snapshot was taken, or after: the chain tells which.
    // Their parts are taken now: one may be answered, and forgotten, while the read runs.
    const unseen = this.protocol
      .inFlight()
      .map((batch) => ({ id: batch.id, parts: this.batches.get(batch.key)!.parts }));
    const places = commands.flatMap((command) => (command.kind === 'place' ? [command.input] : []));
    const read = await readBatch(this.deps.db, holdKeys(places), this.shard).catch((error: unknown) => ({ error }));
    const key = (this.lastKey += 1);
    if ('error' in read) {
      this.batches.set(key, {
        commands,
        parts: [],
        now: this.deps.clock.now(),
        writerPid: writer.pid,
        error: read.error,
      });
      return void this.protocol.step({ type: 'read_failed', key });
    }
    // A batch failed while this one was read: the books will be rebuilt first.
    if (this.protocol.failing()) return void this.queue.unshift(...commands);
    for (const batch of unseen) {
      if (batch.id > read.lastBatch) for (const part of batch.parts) applyChanges(read.available, part.batch);
    }
    const now = this.deps.clock.now();
    const notices = this.deps.notices;
    const parts = booksOf(commands).map((book) => runPart(book, commands, { now, available: read.available, notices }));
    if (parts.every(isEmpty)) return void parts.forEach((part) => this.settle(part));
    this.batches.set(key, { commands, parts, now, writerPid: writer.pid });
    void this.carryOut(
      this.protocol.step({ type: 'batch_ready', key, lastBatch: read.lastBatch, token: randomUUID() }),
    );
  }

  /** Sends a batch's commit; its outcome goes to the protocol, which handles it after the batches before. */
  private send(key: BatchKey, id: bigint, token: string): void {
    const batch = this.batches.get(key)!;
    const onBackend = (backend: number | null) => this.protocol.step({ type: 'call_sent', key, backend });
    void this.commit({ ...batch, id, token, onBackend })
      .then(
        (): CommitOutcome => 'committed',
        (error: unknown) => {
          batch.error = error;
          return outcomeOf(error);
        },
      )
      .then((outcome) => this.carryOut(this.protocol.step({ type: 'commit_answered', key, outcome })))
      .catch((error: unknown) => this.deps.log.error({ error: (error as Error).name }, 'settling a batch failed'))
      .finally(() => this.wake?.());
  }

  /** Carries out the protocol's commands in order, each one's own consequences first. */
  private async carryOut(commands: ProtocolCommand[]): Promise<void> {
    for (const command of commands) await this.carryOut(await this.execute(command));
  }

  /** Carries out one command of the protocol: the I/O it asks for, and what came of it. */
  private async execute(command: ProtocolCommand): Promise<ProtocolCommand[]> {
    const batch = 'key' in command ? this.batches.get(command.key) : undefined;
    switch (command.type) {
      case 'send':
        this.send(command.key, command.id, command.token);
        return [];
      case 'answer':
        // After a rebuild, its depth is older than the rebuilt book, which may hold later batches too.
        if (command.rebuilt) for (const part of batch!.parts) part.depth = part.book.snapshot();
        this.batches.delete(command.key);
        this.committed(batch!);
        return [];
      case 'refuse':
        this.batches.delete(command.key);
        refuse(batch!.commands, 'market_is_unavailable');
        return [];
      case 'release_writer':
        await this.writer?.release();
        this.writer = null;
        return [];
      case 'fail':
        this.batches.delete(command.key);
        this.again.push(...(await this.failed(batch!)));
        return [];
      case 'end_backend': {
        const gone = await endBackend(this.deps.db, command.backend).catch(() => false);
        return this.protocol.step({ type: 'backend_ended', key: command.key, gone });
      }
      case 'rebuild_books':
        await this.rebuild(command.keys);
        return this.protocol.step({ type: 'books_rebuilt' });
      case 'read_mark': {
        const committed = await batchCommitted(this.deps.db, command.id, command.token, this.shard).catch(() => null);
        return this.protocol.step({ type: 'mark_read', key: command.key, committed });
      }
    }
  }

  /** Builds a book from the database; again if it was read before the current writer lock was taken. */
  startBook(book: MarketBook): Promise<void> {
    if (this.writer?.held() && !this.fresh.has(book)) {
      book.invalidate();
      this.fresh.add(book);
    }
    return book.start();
  }

  /** A book of the shard this sequencer writes: read again each time this process takes the lock. */
  adopt(book: MarketBook): void {
    this.books.add(book);
  }

  /**
   * True while this process holds the writer lock and has read every book of the shard under it (no
   * database call). Between the lock and the reads, the books may miss an older writer's last batches:
   * market data served from them then would show a book the database has moved past. False too
   * while the lease is in doubt after a stall (WriterLock.held), until a renewal settles it: the
   * shard may have another writer by then, and these books miss its batches.
   */
  writesNow(): boolean {
    return !this.stopped && this.writer?.held() === true && this.readUnder === this.writer;
  }

  /**
   * Whether this process writes the shard now, may still (its lease in doubt after a stall, until
   * the next renewal settles it, every WRITER_PING_MS) or no longer does (no lease, lost or given
   * back, or one whose books are not read yet: a takeover under it announces itself, onWriter).
   */
  standing(): WriterStanding {
    if (this.writesNow()) return 'writing';
    return this.vacant() ? 'gone' : 'in-doubt';
  }

  /**
   * True unless this process writes the shard or may still: a lease in doubt after a stall, its books
   * read, is settled by its next renewal (every WRITER_PING_MS), not taken over. What the takeover
   * watch claims; claiming the shard this process already writes would report a takeover that is none.
   */
  vacant(): boolean {
    const { writer } = this;
    return this.stopped || !writer || writer.lost() || this.readUnder !== writer;
  }

  /**
   * Takes the writer lock now if it is free: true when this process writes the shard's books. Never
   * once stopped, nor for a shard this process may not write.
   */
  async claimWriter(): Promise<boolean> {
    if (this.stopped || this.deps.mayWrite === false) return false;
    return (await this.writerLock().catch(() => null)) !== null;
  }

  /**
   * This process's writer lock, taken on first use and again if its connection was lost. One take at
   * a time (claimWriter and a batch may ask together): a second would fail against the first and
   * drop it, leaving its session holding the lock.
   */
  private writerLock(): Promise<WriterLock | null> {
    if (this.writer?.held() && this.readUnder === this.writer) return Promise.resolve(this.writer);
    if (this.deps.mayWrite === false) return Promise.resolve(null);
    this.taking ??= this.takeWriter().finally(() => (this.taking = null));
    return this.taking;
  }

  /**
   * Takes the lock (unless held already), then reads every book of the shard under it; only then is
   * this process the shard's writer, and says so (onWriter: other replicas forward here from then).
   * A read that fails leaves the lock held and the books to read again at the next take.
   *
   * A lease in doubt after a stall (held() false, the connection not known lost) is renewed first.
   * Renewed, the session lasted all along, so the lock never left it and no other process wrote the
   * shard: the lock and its books stand, and nothing is given back, read again or recorded again (a
   * writer does not step down for a stall it survived). Not answered yet, this process is not the
   * writer for now and keeps the lock, which may still be its own. Lost, the lock is taken anew
   * below, if free, and every book is read again under it.
   */
  private async takeWriter(): Promise<WriterLock | null> {
    const current = this.writer;
    if (current && !current.held() && !current.lost()) {
      const renewed = await current.renew();
      if (!renewed && !current.lost()) return null;
    }
    if (!this.writer?.held()) {
      // A lock whose connection was lost still owns that (dead) pooled client: hand it back first.
      await this.writer?.release();
      this.writer = await takeWriterLock(this.deps.db.$client, this.shard);
      this.fresh = new WeakSet();
      this.readUnder = null;
    }
    const writer = this.writer;
    if (!writer) return null;
    await Promise.all([...this.books].map((book) => this.startBook(book)));
    if (this.writer !== writer || !writer.held()) return null;
    if (this.readUnder !== writer) {
      this.readUnder = writer;
      this.deps.onWriter?.(writer.pid);
    }
    return writer;
  }

  /** Rebuilds the books the commands need; a command whose book cannot be rebuilt is refused. */
  private async startBooks(commands: Command[]): Promise<Command[]> {
    const failed = new Set<MarketBook>();
    await Promise.all(booksOf(commands).map((book) => this.startBook(book).catch(() => failed.add(book))));
    if (failed.size === 0) return commands;
    refuse(
      commands.filter((command) => failed.has(command.book)),
      'market_is_unavailable',
    );
    return commands.filter((command) => !failed.has(command.book));
  }

  private async commit(options: {
    parts: Part[];
    now: Date;
    id: bigint;
    token: string;
    writerPid: number;
    onBackend: (pid: number | null) => unknown;
  }): Promise<void> {
    const { parts, now } = options;
    const answers = parts.flatMap((part) =>
      [...part.answers].map(([index, body]) => {
        const command = part.commands[index] as Command & { kind: 'place' };
        return idempotencyAnswer(command.input.idempotency!, { status: 201, body }, now);
      }),
    );
    const batches = parts.map((part) => part.batch);
    const notices = parts.flatMap((part) => part.notices);
    const { writerPid, id, token, onBackend } = options;
    const { shard } = this;
    const { db } = this.deps;
    await commitBatches({ db, batches, now, answers, notices, writerPid, batch: id, token, shard, onBackend });
  }

  private committed(batch: InFlight): void {
    for (const part of batch.parts) {
      part.book.publish(part.depth, part.batch.touched.values());
      this.settle(part);
    }
  }

  /**
   * After a failed batch, with nothing in flight: end the backends of lost answers, rebuild the books,
   * answer the batches whose mark shows they committed after all (their answer was lost, not their
   * effect), and run the others' commands again, unless a command was refused or has been tried too
   * often. The protocol decides each step.
   */
  private async recover(): Promise<void> {
    await this.carryOut(this.protocol.step({ type: 'recover' }));
    this.queue.unshift(...this.again.splice(0));
  }

  /** Rebuilds the books of failed batches, with nothing in flight, so none keeps a refused batch's orders. */
  private async rebuild(keys: readonly BatchKey[]): Promise<void> {
    const books = new Set(keys.flatMap((key) => booksOf(this.batches.get(key)!.commands)));
    for (const book of books) book.invalidate();
    await Promise.all([...books].map((book) => book.start().catch(() => undefined)));
  }

  /** A batch that did not commit: its refused commands are answered, the others returned to run again. */
  private async failed(batch: InFlight): Promise<Command[]> {
    const failure = await classifyFailure({ db: this.deps.db, error: batch.error, parts: batch.parts });
    return this.resolveFailure(batch, failure);
  }

  /** The commands of a failed batch to run again; the others are answered here. */
  private resolveFailure(batch: InFlight, failure: BatchFailure): Command[] {
    for (const [command, code] of failure.refused) command.settle.reject(new AppError(code));
    const remaining = batch.commands.filter((command) => !failure.refused.has(command));
    if (failure.kind === 'fatal') {
      this.deps.log.error({ error: failure.name, commands: remaining.length }, 'order batch failed');
      refuse(remaining, 'market_is_unavailable');
      return [];
    }
    const again: Command[] = [];
    for (const command of remaining) {
      command.attempts += 1;
      if (command.attempts < MAX_ATTEMPTS) again.push(command);
      else command.settle.reject(new AppError('market_is_unavailable'));
    }
    return again;
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
        notices: part.notices,
        at: this.deps.clock.now(),
      });
    } catch (error) {
      this.deps.log.error({ pair: part.book.market.symbol, error: (error as Error).name }, 'publishing a batch failed');
    }
  }
}

function refuse(commands: readonly Command[], code: 'market_is_unavailable'): void {
  for (const command of commands) command.settle.reject(new AppError(code));
}

/** What a failed commit call's error says about its outcome. */
function outcomeOf(error: unknown): CommitOutcome {
  if (isOutOfChain(error)) return 'out_of_chain';
  if (isNotTheWriter(error)) return 'not_the_writer';
  return isOutcomeUnknown(error) ? 'unknown' : 'refused';
}
