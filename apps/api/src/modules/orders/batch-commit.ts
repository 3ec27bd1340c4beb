// What one batch of the order sequencer writes, in one autocommit call of orders_commit_batch()
// (sql/orders_commit_batch.sql): each market's new orders, changed orders, fills and the candles of
// its public trades, the answers of the keyed requests (ADR 0013), the notifications of its orders
// filled in full, and last the ledger operations. All of it commits, or none of it: a ledger
// refusal comes back as the LedgerError ledger.apply would give.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { isQueryDeadline, type Db } from '@rora/db';
import { encodeLedgerOps, isLedgerError, refusalFromError, sqlState } from '@rora/ledger';
import { foldTrades } from '../markets/index.ts';
import type { idempotencyAnswer } from '../../lib/idempotency-recovery.ts';
import type { Batch } from './batch.ts';
import { candleRow, fillRow, orderChangeRow, orderRow } from './batch-records.ts';
import { notificationRows, type PreparedNotification } from '../notifications/index.ts';
import type { PlaceInput } from './market-book.ts';

export type StoredAnswer = ReturnType<typeof idempotencyAnswer>;

/**
 * Runs `work` on a client of its own. pg's pool.query() closes a connection after any error; the
 * refusals of these statements (a ledger refusal, a batch out of the chain) are ordinary SQL errors
 * after which the connection is fine, and a new one would plan every statement of the path again.
 */
async function onOwnClient<T>(db: Db, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    const result = await work(client);
    client.release();
    return result;
  } catch (error) {
    // A statement's refusal leaves the connection usable; a broken or ended session closes it.
    client.release(isOutcomeUnknown(error) ? (error as Error) : undefined);
    throw error;
  }
}

/** Commits one batch of the sequencer: every market's share of it, in one call, all or nothing. */
export async function commitBatches(options: {
  db: Db;
  batches: readonly Batch[];
  now: Date;
  answers: StoredAnswer[];
  /** The backend holding the order-writer lock (writer-lock.ts): the commit checks it still does. */
  writerPid: number;
  /** The batch's number in its shard's chain (order_chain): the one after the last committed batch. */
  batch: bigint;
  /** The market shard whose chain the batch extends (ADR 0046). */
  shard: number;
  /** The batch's own mark, left with its number when it commits (batchCommitted). */
  token: string;
  /** Told the backend that runs the commit, before the call is sent (endBackend). */
  onBackend?: (pid: number | null) => void;
  /** Notifications stored with the batch (of its orders filled in full). */
  notices?: readonly PreparedNotification[];
}) {
  const { db, batches, now, answers } = options;
  const records = {
    created: [] as Array<ReturnType<typeof orderRow>>,
    updated: [] as Array<ReturnType<typeof orderChangeRow>>,
    fills: [] as Array<ReturnType<typeof fillRow>>,
    candles: [] as Array<ReturnType<typeof candleRow>>,
    keys: answers,
    notifications: notificationRows(options.notices ?? []),
  };
  for (const batch of batches) {
    for (const order of batch.touched.values()) {
      if (batch.created.has(order.id)) records.created.push(orderRow(order));
      else records.updated.push(orderChangeRow(order));
    }
    for (const fill of batch.fills) records.fills.push(fillRow(fill));
    const publicTrades = batch.fills.filter((fill) => fill.book === 'lit');
    for (const candle of foldTrades(publicTrades, now)) records.candles.push(candleRow(batch.market.symbol, candle));
  }
  // The ledger operations in batch order, so a refusal's index finds its market and command.
  const ops = batches.flatMap((batch) => batch.ops);
  try {
    await onOwnClient(db, (client) => {
      options.onBackend?.((client as unknown as { processID: number | null }).processID);
      return client.query({
        name: 'orders_commit_batch',
        text: 'SELECT orders_commit_batch($1::text, $2::text, $3::int, $4::int8, $5::uuid, $6::int)',
        values: [
          JSON.stringify(records),
          encodeLedgerOps(ops),
          options.writerPid,
          options.batch.toString(),
          options.token,
          options.shard,
        ],
      });
    });
  } catch (error) {
    throw refusalFromError(error, ops) ?? error;
  }
}

/**
 * The available balances of (owner, asset) pairs by `owner|asset` (a pair with no account is absent:
 * zero), and in the same snapshot the shard's last committed batch, which says which batches still
 * in flight the balances already include.
 */
export async function readBatch(db: Db, keys: ReadonlyArray<{ owner: string; asset: string }>, shard = 0) {
  const { rows } = await db.$client.query<{
    last_batch: bigint;
    owner_id: string | null;
    asset: string;
    balance: string;
  }>({
    name: 'orders_read_batch',
    text: 'SELECT last_batch, owner_id, asset, balance FROM orders_read_batch($1::uuid[], $2::text[], $3::int)',
    values: [keys.map((key) => key.owner), keys.map((key) => key.asset), shard],
  });
  const available = new Map<string, bigint>();
  for (const row of rows) if (row.owner_id !== null) available.set(`${row.owner_id}|${row.asset}`, BigInt(row.balance));
  return { lastBatch: BigInt(rows[0]?.last_batch ?? 0n), available };
}

/** Whether the shard's batch numbered `batch` with this token committed (sql/orders_batch_committed.sql). */
export async function batchCommitted(db: Db, batch: bigint, token: string, shard = 0): Promise<boolean> {
  const { rows } = await db.$client.query<{ committed: boolean }>(
    'SELECT orders_batch_committed($1::int8, $2::uuid, $3::int) AS committed',
    [batch.toString(), token, shard],
  );
  return rows[0]!.committed;
}

/**
 * Whether a failed call's outcome is unknown. A statement's refusal (a SQLSTATE, a ledger refusal
 * among them) undid it. No SQLSTATE (a broken connection), or one that ends the session (class 08,
 * 57P0x: shutdown, termination; 25P03: idle in transaction), leaves it open: such a FATAL can come
 * after the commit. Read from the SQLSTATE, not the severity, which the server translates. A call
 * past its deadline (ADR 0071) got no answer at all, as a broken connection: its COMMIT may yet run.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (isQueryDeadline(error)) return true;
  if (isLedgerError(error)) return false;
  const state = sqlState(error);
  return state === undefined || state.startsWith('08') || state.startsWith('57P') || state === '25P03';
}

/**
 * Ends the backend that ran a commit whose answer was lost, and waits until it is gone: its
 * transaction is then over, committed or undone for good, and the batch's mark says which. Until
 * then it may still commit after the mark was read. False if it is still there after `waitMs`.
 */
export async function endBackend(db: Db, pid: number, waitMs = 5_000): Promise<boolean> {
  await db.$client.query('SELECT pg_terminate_backend($1::int)', [pid]);
  for (const deadline = Date.now() + waitMs; Date.now() < deadline;) {
    const { rows } = await db.$client.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1::int', [pid]);
    if (rows.length === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

/** The commit found this server no longer holds its shard's writer lock (orders_commit_batch, L0002). */
export function isNotTheWriter(error: unknown): boolean {
  return sqlState(error) === 'L0002';
}

/** A keyed request's answer was stored meanwhile by its twin on another server. */
export function isIdempotencyConflict(error: unknown): boolean {
  if (sqlState(error) !== '23505') return false;
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { constraint?: unknown }).constraint === 'idempotency_keys_user_key_unique') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Which of these keyed requests already have an answer stored. */
export async function storedKeys(db: Db, requests: ReadonlyArray<{ userId: string; key: string }>) {
  const { rows } = await db.execute<{ user_id: string; idempotency_key: string }>(sql`
    SELECT k.user_id, k.idempotency_key FROM idempotency_keys k
      JOIN unnest(${sql.param(requests.map((request) => request.userId))}::uuid[],
                  ${sql.param(requests.map((request) => request.key))}::text[]) AS r(user_id, idempotency_key)
        ON k.user_id = r.user_id AND k.idempotency_key = r.idempotency_key`);
  return new Set(rows.map((row) => `${row.user_id}|${row.idempotency_key}`));
}

/** The (owner, asset) balances a batch's orders may hold from: both assets of the pair. */
export function holdKeys(places: readonly PlaceInput[]): Array<{ owner: string; asset: string }> {
  const keys = new Map<string, { owner: string; asset: string }>();
  for (const { userId, intent } of places) {
    for (const asset of [intent.market.base, intent.market.quote])
      keys.set(`${userId}|${asset}`, { owner: userId, asset });
  }
  return [...keys.values()];
}
