// The order commit protocol's decisions as a pure state machine (ADR 0019, ADR 0023): which number a
// batch takes in the chain, when a batch is answered, sent again or counted as failed, and how a
// failure is recovered (end the backends of lost answers, rebuild the books, read the marks). No I/O,
// no timers, no randomness: the sequencer (order-sequencer.ts) feeds it what happened and carries out
// the commands it returns; the seeded simulation (simulation/) drives the same machine against a
// model database, so every decision is proven there with faults a hand-picked test never meets.
// A restart is a new CommitProtocol: none of its state outlives the process; the chain row and the
// marks in the database are the truth the next one starts from.

/** The sequencer's own name for a batch, given before the batch has a number in the chain. */
export type BatchKey = number;

/**
 * How a commit call ended: committed; refused because the batch before had not committed
 * (out_of_chain, L0003); refused because this server no longer holds the writer lock
 * (not_the_writer, L0002); refused by any other SQLSTATE (undone); or unknown (no SQLSTATE, or one
 * that ends the session: it may still commit, or have committed).
 */
export type CommitOutcome = 'committed' | 'out_of_chain' | 'not_the_writer' | 'refused' | 'unknown';

export type ProtocolEvent =
  /** A batch was read and matched: it takes the next number, after `lastBatch` read with it. */
  | { type: 'batch_ready'; key: BatchKey; lastBatch: bigint; token: string }
  /** A batch's read failed: it was never sent. */
  | { type: 'read_failed'; key: BatchKey }
  /** The commit call is about to go out on this backend (null: not known). */
  | { type: 'call_sent'; key: BatchKey; backend: number | null }
  | { type: 'commit_answered'; key: BatchKey; outcome: CommitOutcome }
  /** Start recovering the failed batches (only when `mustRecover()`). */
  | { type: 'recover' }
  /** The backend of a lost answer was ended: `gone` once it no longer exists. */
  | { type: 'backend_ended'; key: BatchKey; gone: boolean }
  | { type: 'books_rebuilt' }
  /** A batch's mark: whether it committed; null when the mark could not be read. */
  | { type: 'mark_read'; key: BatchKey; committed: boolean | null };

export type ProtocolCommand =
  /** Send (or send again) the batch's commit with this number and token. */
  | { type: 'send'; key: BatchKey; id: bigint; token: string }
  /** It committed: answer its orders and publish; `rebuilt` when found by its mark after a rebuild. */
  | { type: 'answer'; key: BatchKey; rebuilt: boolean }
  /** It did not commit: its commands are classified, refused or run again. */
  | { type: 'fail'; key: BatchKey }
  /** The writer lock was lost: give back what is left of it; the next batch takes it again. */
  | { type: 'release_writer'; key: BatchKey }
  /** It may have committed and cannot be checked: refuse its commands, never run them twice. */
  | { type: 'refuse'; key: BatchKey }
  | { type: 'end_backend'; key: BatchKey; backend: number }
  /** Rebuild these batches' books from the database. */
  | { type: 'rebuild_books'; keys: BatchKey[] }
  | { type: 'read_mark'; key: BatchKey; id: bigint; token: string };

interface Attempt {
  /** Whether the call went out, and on which backend (null: not known). */
  sent: boolean;
  backend: number | null;
}

interface Flight {
  key: BatchKey;
  id: bigint;
  token: string;
  attempt: Attempt;
  outcome: CommitOutcome | null;
  /** Sent again once already, after it reached the chain before the batch before it. */
  resent: boolean;
}

interface Failed {
  key: BatchKey;
  /** Null for a batch never sent (its read failed). */
  flight: Flight | null;
  /** For a lost answer whose backend was to be ended: whether it is gone (undefined: not yet). */
  gone?: boolean;
  lost: boolean;
}

/** When the next batch may be sent: at most `depth` in flight, the last of them only once `lastMin` commands wait. */
export interface PipelinePolicy {
  depth: number;
  lastMin: number;
}

/**
 * The sequencer's pipeline (ADR 0019): one batch committing and, once 16 commands wait, a second
 * that writes its new rows and waits for it in the database. A smaller second batch costs its share
 * of every batch's fixed work and slows the one before it; a command that finds one batch in flight
 * and fewer than 16 beside it waits for that commit and joins the next batch.
 */
export const PIPELINE: PipelinePolicy = { depth: 2, lastMin: 16 };

export class CommitProtocol {
  private flights: Flight[] = [];
  private failures: Failed[] = [];
  private recovering: Failed[] | null = null;
  /** The number the next batch takes in the chain; null until read from the database. */
  private nextBatch: bigint | null = null;
  /** Whether the batch settled just before the head of `flights` committed (true when none). */
  private previousCommitted = true;

  constructor(private readonly policy: PipelinePolicy = PIPELINE) {}

  /** Batches in flight with their numbers: those a new read may or may not include. */
  inFlight(): ReadonlyArray<{ key: BatchKey; id: bigint }> {
    return this.flights;
  }

  /** Whether a failure waits for recovery (or is being recovered): nothing new is sent. */
  failing(): boolean {
    return this.failures.length > 0 || this.recovering !== null;
  }

  /** Failed batches wait and nothing is in flight: time to `recover`. */
  mustRecover(): boolean {
    return this.failures.length > 0 && this.flights.length === 0 && this.recovering === null;
  }

  /** Whether no further batch may be sent now, with `queued` commands waiting. */
  pipelineFull(queued: number): boolean {
    const inFlight = this.flights.length;
    const { depth, lastMin } = this.policy;
    return inFlight >= depth || (inFlight === depth - 1 && inFlight > 0 && queued < lastMin);
  }

  step(event: ProtocolEvent): ProtocolCommand[] {
    switch (event.type) {
      case 'batch_ready':
        return this.ready(event.key, event.lastBatch, event.token);
      case 'read_failed':
        this.failures.push({ key: event.key, flight: null, lost: false });
        return [];
      case 'call_sent':
        this.flight(event.key).attempt = { sent: true, backend: event.backend };
        return [];
      case 'commit_answered':
        this.flight(event.key).outcome = event.outcome;
        return this.settleHeads();
      case 'recover':
        return this.recover();
      case 'backend_ended':
        return this.backendEnded(event.key, event.gone);
      case 'books_rebuilt':
        return this.booksRebuilt();
      case 'mark_read':
        return this.markRead(event.key, event.committed);
    }
  }

  private ready(key: BatchKey, lastBatch: bigint, token: string): ProtocolCommand[] {
    assert(!this.failing(), 'a batch is sent while a failure waits');
    this.nextBatch ??= lastBatch + 1n;
    const id = this.nextBatch;
    this.nextBatch += 1n;
    const flight: Flight = { key, id, token, attempt: { sent: false, backend: null }, outcome: null, resent: false };
    this.flights.push(flight);
    return [this.send(flight)];
  }

  private send(flight: Flight): ProtocolCommand {
    flight.attempt = { sent: false, backend: null };
    flight.outcome = null;
    return { type: 'send', key: flight.key, id: flight.id, token: flight.token };
  }

  private flight(key: BatchKey): Flight {
    const flight = this.flights.find((candidate) => candidate.key === key);
    assert(flight !== undefined, `batch ${key} is not in flight`);
    return flight;
  }

  /** A batch's outcome is handled after the batches before it, in the chain's order. */
  private settleHeads(): ProtocolCommand[] {
    const commands: ProtocolCommand[] = [];
    for (let head = this.flights[0]; head?.outcome; head = this.flights[0]) {
      // It reached the chain before the batch before it did (two connections): that one has
      // committed now, and this batch, matched on top of it, is still right. Send it again, once.
      if (head.outcome === 'out_of_chain' && this.previousCommitted && !head.resent) {
        head.resent = true;
        commands.push(this.send(head));
        break;
      }
      this.flights.shift();
      const committed = head.outcome === 'committed';
      if (committed) commands.push({ type: 'answer', key: head.key, rebuilt: false });
      else this.failures.push({ key: head.key, flight: head, lost: head.outcome === 'unknown' && head.attempt.sent });
      this.previousCommitted = this.flights.length === 0 || committed;
    }
    return commands;
  }

  /**
   * With nothing in flight: first end the backends that ran batches whose answer was lost. Until one
   * is gone, its batch could still commit, after the books were rebuilt without it.
   */
  private recover(): ProtocolCommand[] {
    assert(this.mustRecover(), 'recovery starts with batches in flight or nothing failed');
    this.recovering = this.failures.splice(0);
    const commands: ProtocolCommand[] = [];
    for (const failed of this.recovering) {
      if (!failed.lost) continue;
      const { backend } = failed.flight!.attempt;
      if (backend === null) failed.gone = false;
      else commands.push({ type: 'end_backend', key: failed.key, backend });
    }
    return commands.length > 0 ? commands : this.rebuild();
  }

  private backendEnded(key: BatchKey, gone: boolean): ProtocolCommand[] {
    const failed = this.recovering?.find((candidate) => candidate.key === key && candidate.lost);
    assert(failed !== undefined && failed.gone === undefined, `no backend of batch ${key} is being ended`);
    failed.gone = gone;
    return this.recovering!.every((other) => !other.lost || other.gone !== undefined) ? this.rebuild() : [];
  }

  private rebuild(): ProtocolCommand[] {
    // Numbers are read again with the next batch: another writer may have moved the chain.
    this.nextBatch = null;
    this.previousCommitted = true;
    return [{ type: 'rebuild_books', keys: this.recovering!.map((failed) => failed.key) }];
  }

  /** Answers the batches whose mark shows they committed after all; the others fail or are refused. */
  private booksRebuilt(): ProtocolCommand[] {
    const recovering = this.recovering;
    assert(recovering !== null, 'books rebuilt outside a recovery');
    const commands: ProtocolCommand[] = [];
    for (const failed of recovering) {
      const flight = failed.flight;
      if (!failed.lost || !flight) {
        if (flight?.outcome === 'not_the_writer') commands.push({ type: 'release_writer', key: failed.key });
        commands.push({ type: 'fail', key: failed.key });
      } else if (failed.gone) commands.push({ type: 'read_mark', key: failed.key, id: flight.id, token: flight.token });
      // Sent, and its backend cannot be ended: it may have committed. Never run it twice.
      else commands.push({ type: 'refuse', key: failed.key });
    }
    this.recovering = recovering.filter((failed) => failed.lost && failed.gone);
    if (this.recovering.length === 0) this.recovering = null;
    return commands;
  }

  private markRead(key: BatchKey, committed: boolean | null): ProtocolCommand[] {
    const failed = this.recovering?.find((candidate) => candidate.key === key);
    assert(failed !== undefined, `no mark of batch ${key} is awaited`);
    this.recovering = this.recovering!.filter((other) => other !== failed);
    if (this.recovering.length === 0) this.recovering = null;
    if (committed) return [{ type: 'answer', key, rebuilt: true }];
    // The mark could not be read: it may have committed. Never run it twice.
    if (committed === null) return [{ type: 'refuse', key }];
    return [{ type: 'fail', key }];
  }
}

/** A broken invariant of the protocol is a programmer error: it stops loudly. */
function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`commit protocol: ${message}`);
}
