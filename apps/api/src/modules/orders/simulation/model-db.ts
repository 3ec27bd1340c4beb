// PostgreSQL as the order commit protocol sees it, in memory (sql/orders_commit_batch.sql,
// sql/orders_batch_committed.sql). Each commit call is a transaction on a backend of its own, run one
// step at a time by the scheduler: it takes the advisory lock of its own number, writes its rows
// (invisible until it commits), waits for the batch before while that one runs (or looks for it a few
// times if it has not arrived), locks the chain row, checks the chain and the writer, applies the
// ledger (which may refuse it) and commits all at once: the chain, its mark in the ring of 4,096
// slots and its orders. A backend can be ended at any time; its transaction is then undone, and a
// call that had not reached it never runs. Nothing else ends a transaction: a call whose client
// went away still commits (a late commit).

/** The ring of marks (order_batch_marks): slot = number mod 4,096. */
export const MARK_SLOTS = 4096n;
/** How many looks a batch gives a predecessor that has not arrived (the SQL's 50 ms of 1 ms looks). */
export const POLL_LOOKS = 3;

export type TxnResult = 'committed' | 'out_of_chain' | 'refused' | 'not_the_writer' | 'terminated';

export interface CommitCall {
  batch: bigint;
  token: string;
  writerPid: number | null;
  orders: readonly number[];
  /** The ledger refuses this batch (a hold its balance no longer covers). */
  ledgerRefuses: boolean;
}

type Phase = 'own_lock' | 'look' | 'wait_before' | 'chain' | 'holding';

interface Txn {
  pid: number;
  call: CommitCall;
  phase: Phase;
  looks: number;
}

export class ModelDb {
  lastBatch = 0n;
  /** Order id -> the numbers of the batches that committed it. */
  readonly committed = new Map<number, bigint[]>();
  readonly committedBatches: bigint[] = [];
  /** The backend holding the order-writer lock. */
  writerPid: number | null = null;
  private readonly marks = new Map<bigint, { batch: bigint; token: string }>();
  private readonly txns = new Map<number, Txn>();
  private readonly ownLocks = new Map<bigint, number>();
  private chainHolder: number | null = null;
  private readonly ended = new Set<number>();
  private lastPid = 100;

  /** A new connection's backend. */
  connect(): number {
    return (this.lastPid += 1);
  }

  /** The writer lock, if free: the backend of the session that holds it. */
  takeWriter(): number | null {
    if (this.writerPid !== null) return null;
    this.writerPid = this.connect();
    return this.writerPid;
  }

  /** A commit call reaches its backend; false if that backend was ended first (it never runs). */
  arrive(pid: number, call: CommitCall): boolean {
    if (this.ended.has(pid)) return false;
    this.txns.set(pid, { pid, call, phase: 'own_lock', looks: 0 });
    return true;
  }

  running(): number[] {
    return [...this.txns.keys()];
  }

  /** Transactions that can take a step now (the others wait on a lock). */
  runnable(): number[] {
    return [...this.txns.values()].filter((txn) => !this.blocked(txn)).map((txn) => txn.pid);
  }

  holdsChain(): boolean {
    return this.chainHolder !== null;
  }

  private blocked(txn: Txn): boolean {
    const { batch } = txn.call;
    if (txn.phase === 'own_lock') return this.ownLocks.has(batch);
    if (txn.phase === 'wait_before') return this.ownLocks.has(batch - 1n);
    if (txn.phase === 'chain') return this.chainHolder !== null;
    return false;
  }

  /** One step of a transaction; its result once it ended, else null. */
  advance(pid: number): TxnResult | null {
    const txn = this.txns.get(pid)!;
    const { batch } = txn.call;
    switch (txn.phase) {
      case 'own_lock':
        this.ownLocks.set(batch, pid);
        txn.phase = 'look';
        return null;
      case 'look':
        return this.look(txn);
      case 'wait_before':
        txn.phase = 'chain';
        return null;
      case 'chain':
        if (this.lastBatch !== batch - 1n) return this.end(txn, 'out_of_chain');
        this.chainHolder = pid;
        if (this.writerPid === null || this.writerPid !== txn.call.writerPid) return this.end(txn, 'not_the_writer');
        txn.phase = 'holding';
        return null;
      case 'holding':
        return txn.call.ledgerRefuses ? this.end(txn, 'refused') : this.commit(txn);
    }
  }

  /** The batch before: wait while it runs; if it is not there, look again a few times. */
  private look(txn: Txn): null {
    const { batch } = txn.call;
    if (this.ownLocks.has(batch - 1n)) txn.phase = 'wait_before';
    else if (this.lastBatch >= batch - 1n || txn.looks >= POLL_LOOKS) txn.phase = 'chain';
    else txn.looks += 1;
    return null;
  }

  private commit(txn: Txn): TxnResult {
    const { batch, token, orders } = txn.call;
    this.lastBatch = batch;
    this.committedBatches.push(batch);
    this.marks.set(batch % MARK_SLOTS, { batch, token });
    for (const order of orders) this.committed.set(order, [...(this.committed.get(order) ?? []), batch]);
    return this.end(txn, 'committed');
  }

  private end(txn: Txn, result: TxnResult): TxnResult {
    this.txns.delete(txn.pid);
    if (this.ownLocks.get(txn.call.batch) === txn.pid) this.ownLocks.delete(txn.call.batch);
    if (this.chainHolder === txn.pid) this.chainHolder = null;
    return result;
  }

  /** pg_terminate_backend: undoes its transaction if one runs; a call not yet there never runs. */
  terminate(pid: number): TxnResult | null {
    this.ended.add(pid);
    if (pid === this.writerPid) this.writerPid = null;
    const txn = this.txns.get(pid);
    return txn ? this.end(txn, 'terminated') : null;
  }

  /** orders_batch_committed: whether the batch numbered `batch` with this token committed. */
  markCommitted(batch: bigint, token: string): boolean {
    const mark = this.marks.get(batch % MARK_SLOTS);
    return mark !== undefined && mark.batch === batch && mark.token === token;
  }
}
