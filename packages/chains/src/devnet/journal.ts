// A devnet chain's side of its journal (ADR 0048): it collects what changed (records, blocks, events)
// and writes it in one batch per block or broadcast, one batch at a time and in order. Events reach
// listeners only once their batch is durable, so nothing outside the devnet (a credited deposit, a
// settled send) ever rests on a block that a restart would not find again.
import type { ChainBlock } from '../adapter.ts';
import type { ChainId } from '../networks.ts';
import type { TxRecord } from './records.ts';
import type { DevnetChainState, DevnetJournal } from './snapshot.ts';

/** How long a failed batch waits before it is tried again. */
export const JOURNAL_RETRY_MS = 1_000;

export class ChainJournal<Event> {
  readonly #journal: DevnetJournal;
  readonly #chain: ChainId;
  readonly #state: () => DevnetChainState;
  readonly #dispatch: (event: Event) => void;
  readonly #keepFrom: () => number;
  #records = new Map<string, TxRecord>();
  #blocks: ChainBlock[] = [];
  #events: Event[] = [];
  #writing: Promise<void> = Promise.resolve();
  #closed = false;
  /** Set once another process runs the devnet (`abandon`): every batch fails with it. */
  #abandoned: Error | undefined;
  /** Ends the wait before a retry at once (`abandon`). */
  #wake: (() => void) | undefined;

  constructor(options: {
    readonly journal: DevnetJournal;
    readonly chain: ChainId;
    readonly state: () => DevnetChainState;
    readonly dispatch: (event: Event) => void;
    readonly keepFrom: () => number;
  }) {
    this.#journal = options.journal;
    this.#chain = options.chain;
    this.#state = options.state;
    this.#dispatch = options.dispatch;
    this.#keepFrom = options.keepFrom;
  }

  touch(record: TxRecord): void {
    this.#records.set(record.txid, record);
  }

  block(block: ChainBlock): void {
    this.#blocks.push(block);
  }

  event(event: Event): void {
    this.#events.push(event);
  }

  /**
   * Queues a batch of everything changed so far; resolves once it is written (or the journal closed),
   * rejects once the journal is abandoned.
   */
  commit(): Promise<void> {
    const run = this.#writing.then(() => this.#writeBatch());
    // The next batch waits for this one, written or not; the caller sees this one's failure.
    this.#writing = run.catch(() => undefined);
    return run;
  }

  /** Stops retrying: a batch not yet written is given up, as a killed process would lose it. */
  close(): void {
    this.#closed = true;
    // A batch waiting to be retried is given up now, not after its wait.
    this.#wake?.();
  }

  /**
   * Another process writes the devnet now (ADR 0083): the batch being retried and every later one
   * fail with `error`, and their events are dropped, never dispatched. Nothing this copy did since
   * its last written batch reaches a listener.
   */
  abandon(error: Error): void {
    this.#abandoned ??= error;
    this.#wake?.();
  }

  async #writeBatch(): Promise<void> {
    if (this.#abandoned) throw this.#abandoned;
    if (this.#records.size === 0 && this.#blocks.length === 0 && this.#events.length === 0) return;
    // Taken synchronously: the chain changes only between awaits, so the batch is one consistent state.
    const changes = {
      chain: this.#chain,
      state: this.#state(),
      records: [...this.#records.values()].map((record) => ({ ...record })),
      blocks: this.#blocks,
      keepFrom: this.#keepFrom(),
    };
    const events = this.#events;
    this.#records = new Map();
    this.#blocks = [];
    this.#events = [];
    while (!(await this.#tryWrite(changes))) {
      if (this.#abandoned) throw this.#abandoned;
      if (this.#closed) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, JOURNAL_RETRY_MS).unref();
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
      if (this.#abandoned) throw this.#abandoned;
    }
    for (const event of events) this.#dispatch(event);
  }

  async #tryWrite(changes: Parameters<DevnetJournal['write']>[0]): Promise<boolean> {
    try {
      await this.#journal.write(changes);
      return true;
    } catch (error) {
      this.#journal.failed?.(error, this.#chain);
      return false;
    }
  }
}
