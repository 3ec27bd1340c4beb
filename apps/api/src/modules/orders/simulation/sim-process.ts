// The order server as the simulation runs it: the real commit protocol (commit-protocol.ts) and, in
// place of the sequencer's I/O, calls to the model database that the scheduler delivers one step at
// a time. Orders are numbers; a batch's book is the set of orders the server believes placed. What
// each order was told is recorded for the checker: placed (201), refused (a known refusal: it must
// leave no row), or unavailable (its batch may have committed and could not be checked).
import { CommitProtocol, type BatchKey, type CommitOutcome, type ProtocolCommand } from '../commit-protocol.ts';
import type { CommitCall, ModelDb, TxnResult } from './model-db.ts';
import type { Prng } from '../../../testing/prng.ts';

const MAX_ATTEMPTS = 4;
const ended = { state: 'answered', result: 'terminated' } as const;

export type Answer = 'placed' | 'refused' | 'unavailable';

/** A commit call on its way: to the database, running there, or its answer on its way back. */
export interface Call {
  process: SimProcess;
  key: BatchKey;
  pid: number;
  call: CommitCall;
  state: 'to_db' | 'running' | 'answered';
  result?: TxnResult;
}

interface SimBatch {
  orders: number[];
  writerPid: number | null;
  /** The order the ledger refuses, if it does. */
  ledgerRefused: number | null;
  last?: TxnResult | 'read_failed';
}

export interface World {
  db: ModelDb;
  prng: Prng;
  calls: Call[];
  answers: Map<number, Answer>;
  trace: string[];
  /** Fault rates; a calm run has no fault but one ledger refusal at most. */
  faults: {
    calm: boolean;
    readFails: number;
    markReadFails: number;
    ledgerRefuses: number;
    ledgerRefusalsLeft: number;
  };
  /** Connections through a transaction pooler (outside the operational limits; ADR 0023). */
  pooler: boolean;
  /** A new writer reads its books without first taking the chain row (the fix undone; ADR 0023). */
  unfenced: boolean;
  /** Orders refused for their own hold: the only refusal a calm run may give. */
  ledgerRefused: Set<number>;
}

export class SimProcess {
  /**
   * One batch deeper than the server's pipeline (PIPELINE): the second batch goes whenever one is
   * queued, so every state the server's rule reaches is reached here, with more batches overlapping.
   */
  readonly protocol = new CommitProtocol({ depth: 3, lastMin: 16 });
  readonly queue: number[] = [];
  /** The orders this server believes placed: its books. */
  book: Set<number>;
  /** Commands of the recovery still to carry out, the next first. */
  readonly pending: ProtocolCommand[] = [];
  private readonly batches = new Map<BatchKey, SimBatch>();
  private readonly again: number[] = [];
  private readonly attempts = new Map<number, number>();
  private writerPid: number | null = null;
  /** Took the writer lock and waits for the chain row before it reads its books (writer-lock.ts). */
  private fencing = false;
  private lastKey = 0;

  /** As the server's start: every book read (startAll), then the writer lock claimed (claimWriter). */
  constructor(private readonly world: World) {
    this.book = new Set(world.db.committed.keys());
    this.takeWriter();
  }

  /** Takes the writer lock if it is free; then, unless unfenced, waits for the chain row first. */
  private takeWriter(): void {
    this.writerPid = this.world.db.takeWriter();
    if (this.writerPid === null) return;
    this.log(`writer lock taken by ${this.writerPid}`);
    this.fencing = !this.world.unfenced;
  }

  /** The fence can pass once no transaction holds the chain row. */
  canFence(): boolean {
    return this.fencing && !this.world.db.holdsChain();
  }

  /** The chain row taken and given back: no older writer's batch can commit now, so read the books. */
  fence(): void {
    this.fencing = false;
    this.book = new Set(this.world.db.committed.keys());
    this.log(
      `chain row taken by the new writer: books read, ${this.book.size} orders, chain at ${this.world.db.lastBatch}`,
    );
  }

  /** Whether a batch can be started now: as the sequencer's loop decides. */
  canStart(): boolean {
    const { protocol } = this;
    if (this.fencing) return false;
    return this.queue.length > 0 && !protocol.failing() && !protocol.pipelineFull(this.queue.length);
  }

  canRecover(): boolean {
    return this.protocol.mustRecover();
  }

  idle(): boolean {
    const { protocol } = this;
    return !this.fencing && protocol.inFlight().length === 0 && !protocol.failing() && this.pending.length === 0;
  }

  /** Reads, "matches" and sends one batch of up to `size` orders. */
  start(size: number): void {
    const { db, prng, faults } = this.world;
    // As writerLock(): a lock whose session ended is taken again, and the books read again after it.
    if (this.writerPid === null || db.writerPid !== this.writerPid) {
      this.takeWriter();
      if (this.writerPid === null) {
        this.log('another process holds the writer lock: orders refused');
        return this.finish(this.queue.splice(0), 'refused');
      }
      if (this.fencing) return;
    }
    const orders = this.queue.splice(0, size);
    const key = (this.lastKey += 1);
    if (prng.chance(faults.readFails)) {
      this.batches.set(key, { orders, writerPid: this.writerPid, ledgerRefused: null, last: 'read_failed' });
      this.log(`batch ${key} [${orders}] read failed`);
      return void this.protocol.step({ type: 'read_failed', key });
    }
    for (const order of orders) this.book.add(order);
    const refuses = faults.ledgerRefusalsLeft > 0 && prng.chance(faults.ledgerRefuses);
    if (refuses) faults.ledgerRefusalsLeft -= 1;
    const ledgerRefused = refuses ? prng.pick(orders) : null;
    this.batches.set(key, { orders, writerPid: this.writerPid, ledgerRefused });
    const token = `t${key}-${prng.below(1e9)}`;
    this.log(`batch ${key} [${orders}] ready, chain at ${db.lastBatch}`);
    this.run(this.protocol.step({ type: 'batch_ready', key, lastBatch: db.lastBatch, token }));
  }

  recover(): void {
    this.log('recover');
    this.pending.unshift(...this.protocol.step({ type: 'recover' }));
    this.runLocal();
  }

  /** Carries out the next recovery command that needs the database. */
  stepPending(): void {
    const command = this.pending.shift()!;
    this.pending.unshift(...this.io(command));
    this.runLocal();
  }

  /** A commit call's answer reached this server (or its connection broke: unknown). */
  answered(call: Call, outcome: CommitOutcome): void {
    const batch = this.batches.get(call.key)!;
    // What the server learnt: a broken connection tells nothing of the transaction's result.
    batch.last = outcome === 'unknown' ? 'terminated' : call.result!;
    this.log(`batch ${call.key} (${call.call.batch}) answered ${outcome}`);
    this.run(this.protocol.step({ type: 'commit_answered', key: call.key, outcome }));
  }

  private run(commands: ProtocolCommand[]): void {
    this.pending.unshift(...commands);
    this.runLocal();
  }

  /** Carries out the commands that need no database step: sends, answers, failures. */
  private runLocal(): void {
    while (this.pending.length > 0 && !['end_backend', 'rebuild_books', 'read_mark'].includes(this.pending[0]!.type)) {
      this.local(this.pending.shift()!);
    }
    if (this.pending.length === 0 && !this.protocol.failing() && this.again.length > 0) {
      this.queue.unshift(...this.again.splice(0));
    }
  }

  private local(command: ProtocolCommand): void {
    if (command.type === 'send') return this.send(command.key, command.id, command.token);
    // As the sequencer: it releases its writer lock (the session it holds now) and takes it again.
    if (command.type === 'release_writer') {
      if (this.world.db.writerPid === this.writerPid) this.world.db.writerPid = null;
      return void (this.writerPid = null);
    }
    if (!('key' in command)) return;
    const batch = this.batches.get(command.key)!;
    this.batches.delete(command.key);
    this.log(`${command.type} batch ${command.key} [${batch.orders}]`);
    if (command.type === 'answer') return this.finish(batch.orders, 'placed');
    if (command.type === 'refuse') return this.finish(batch.orders, 'unavailable');

    if (command.type === 'fail') this.fail(batch);
  }

  private send(key: BatchKey, id: bigint, token: string): void {
    const { db, calls } = this.world;
    const batch = this.batches.get(key)!;
    const pid = db.connect();
    // Behind a transaction pooler the server cannot know which backend runs its call.
    this.protocol.step({ type: 'call_sent', key, backend: this.world.pooler ? null : pid });
    const call = { batch: id, token, writerPid: batch.writerPid, orders: batch.orders, ledgerRefuses: false };
    call.ledgerRefuses = batch.ledgerRefused !== null;
    calls.push({ process: this, key, pid, call, state: 'to_db' });
    this.log(`send batch ${key} as ${id} on ${pid}`);
  }

  /** As classifyFailure and resolveFailure: the refused order is told so, the others run again. */
  private fail(batch: SimBatch): void {
    const refused = batch.last === 'refused' ? batch.ledgerRefused : null;
    for (const order of batch.orders) {
      const attempts = (this.attempts.get(order) ?? 0) + 1;
      this.attempts.set(order, attempts);
      if (order === refused) this.world.ledgerRefused.add(order);
      if (order === refused || attempts >= MAX_ATTEMPTS) this.finish([order], 'refused');
      else this.again.push(order);
    }
  }

  private io(command: ProtocolCommand): ProtocolCommand[] {
    const { db, prng, faults } = this.world;
    if (command.type === 'end_backend') {
      db.terminate(command.backend);
      // A call still on its way never runs, a running one is undone: either way its answer is the end.
      for (const call of this.world.calls) {
        if (call.pid === command.backend && call.state !== 'answered') Object.assign(call, ended);
      }
      this.log(`end backend ${command.backend} of batch ${command.key}`);
      return this.protocol.step({ type: 'backend_ended', key: command.key, gone: true });
    }
    if (command.type === 'rebuild_books') {
      this.book = new Set(db.committed.keys());
      this.log(`books rebuilt: ${this.book.size} orders, chain at ${db.lastBatch}`);
      return this.protocol.step({ type: 'books_rebuilt' });
    }
    if (command.type !== 'read_mark') throw new Error(`not a database command: ${command.type}`);
    const committed = prng.chance(faults.markReadFails) ? null : db.markCommitted(command.id, command.token);
    this.log(`mark of batch ${command.key} (${command.id}): ${committed}`);
    return this.protocol.step({ type: 'mark_read', key: command.key, committed });
  }

  /** Answers orders. The books need no change: every refusal comes after they were rebuilt. */
  private finish(orders: readonly number[], answer: Answer): void {
    for (const order of orders) this.world.answers.set(order, answer);
  }

  private log(line: string): void {
    this.world.trace.push(line);
  }
}
