// SQL of the order flow: what a runner reads to rebuild its book, and what one batch writes (new
// orders, changed orders, fills, candles) in the caller's transaction, each as one statement over
// arrays. numeric columns travel as decimal text and come back through BigInt, never Number.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@rora/db';
import type { FillRecord, OrderState } from './order-state.ts';

type Handle = Db | Tx;
type Row = Record<string, unknown>;

const big = (value: unknown): bigint => BigInt(value as string);
const bigOrNull = (value: unknown): bigint | null => (value === null || value === undefined ? null : big(value));
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const text = (value: bigint | null) => (value === null ? null : value.toString());
const param = (values: unknown[]): SQL => sql`${sql.param(values)}`;

export function toOrderState(row: Row): OrderState {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    pair: String(row.pair),
    side: row.side as OrderState['side'],
    orderType: row.order_type as OrderState['orderType'],
    book: row.book as OrderState['book'],
    venue: String(row.venue),
    timeInForce: (row.time_in_force as OrderState['timeInForce']) ?? null,
    postOnly: Boolean(row.post_only),
    price: bigOrNull(row.price),
    quantity: bigOrNull(row.quantity),
    budget: bigOrNull(row.budget),
    holdAsset: String(row.hold_asset),
    holdAmount: big(row.hold_amount),
    filledQuantity: big(row.filled_quantity),
    filledNotional: big(row.filled_notional),
    feePaid: big(row.fee_paid),
    feeAsset: String(row.fee_asset),
    makerFeeBps: Number(row.maker_fee_bps),
    takerFeeBps: Number(row.taker_fee_bps),
    status: row.status as OrderState['status'],
    cancelReason: (row.cancel_reason as string | null) ?? null,
    seq: bigOrNull(row.seq),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    closedAt: row.closed_at === null ? null : date(row.closed_at),
  };
}

export function toFillRecord(row: Row): FillRecord {
  return {
    id: String(row.id),
    pair: String(row.pair),
    book: row.book as FillRecord['book'],
    venue: String(row.venue),
    seq: bigOrNull(row.seq),
    makerOrderId: (row.maker_order_id as string | null) ?? null,
    takerOrderId: String(row.taker_order_id),
    makerUserId: (row.maker_user_id as string | null) ?? null,
    takerUserId: String(row.taker_user_id),
    takerSide: row.taker_side as FillRecord['takerSide'],
    price: big(row.price),
    quantity: big(row.quantity),
    notional: big(row.notional),
    makerFee: big(row.maker_fee),
    takerFee: big(row.taker_fee),
    createdAt: date(row.created_at),
  };
}

/** The open orders of a pair in sequence order: the book, as the database says it is. */
export async function loadOpenOrders(db: Handle, pair: string): Promise<OrderState[]> {
  const { rows } = await db.execute<Row>(sql`
    SELECT * FROM orders WHERE pair = ${pair} AND status IN ('open', 'partially_filled') ORDER BY seq`);
  return rows.map(toOrderState);
}

export async function loadSequences(db: Handle, pair: string): Promise<{ order: bigint; trade: bigint }> {
  const { rows } = await db.execute<{ order_seq: string | null; trade_seq: string | null }>(sql`
    SELECT (SELECT max(seq) FROM orders WHERE pair = ${pair})::text AS order_seq,
           (SELECT max(seq) FROM order_fills WHERE pair = ${pair})::text AS trade_seq`);
  return { order: BigInt(rows[0]?.order_seq ?? '0'), trade: BigInt(rows[0]?.trade_seq ?? '0') };
}

/** Available balances of (owner, asset) pairs, read without locks: the ledger re-checks under lock. */
export async function readAvailable(db: Handle, keys: ReadonlyArray<{ owner: string; asset: string }>) {
  const balances = new Map<string, bigint>();
  if (keys.length === 0) return balances;
  const { rows } = await db.execute<{ owner_id: string; asset: string; balance: string }>(sql`
    SELECT a.owner_id, a.asset, a.balance::text AS balance FROM ledger_accounts a
      JOIN unnest(${param(keys.map((key) => key.owner))}::uuid[], ${param(keys.map((key) => key.asset))}::text[])
        AS k(owner_id, asset) ON a.owner_id = k.owner_id AND a.asset = k.asset
     WHERE a.kind = 'available'`);
  for (const row of rows) balances.set(`${row.owner_id}|${row.asset}`, BigInt(row.balance));
  return balances;
}

function insertOrdersSql(orders: readonly OrderState[]): SQL {
  const col = <T>(pick: (order: OrderState) => T) => param(orders.map(pick));
  return sql`
    INSERT INTO orders (id, user_id, pair, side, order_type, book, venue, time_in_force, post_only, price, quantity,
      budget, hold_asset, hold_amount, filled_quantity, filled_notional, fee_paid, fee_asset, maker_fee_bps,
      taker_fee_bps, status, cancel_reason, seq, created_at, updated_at, closed_at)
    SELECT * FROM unnest(${col((o) => o.id)}::uuid[], ${col((o) => o.userId)}::uuid[], ${col((o) => o.pair)}::text[],
      ${col((o) => o.side)}::text[], ${col((o) => o.orderType)}::text[], ${col((o) => o.book)}::text[],
      ${col((o) => o.venue)}::text[], ${col((o) => o.timeInForce)}::text[], ${col((o) => o.postOnly)}::boolean[],
      ${col((o) => text(o.price))}::numeric[], ${col((o) => text(o.quantity))}::numeric[],
      ${col((o) => text(o.budget))}::numeric[], ${col((o) => o.holdAsset)}::text[],
      ${col((o) => text(o.holdAmount))}::numeric[], ${col((o) => text(o.filledQuantity))}::numeric[],
      ${col((o) => text(o.filledNotional))}::numeric[], ${col((o) => text(o.feePaid))}::numeric[],
      ${col((o) => o.feeAsset)}::text[], ${col((o) => o.makerFeeBps)}::int[], ${col((o) => o.takerFeeBps)}::int[],
      ${col((o) => o.status)}::text[], ${col((o) => o.cancelReason)}::text[], ${col((o) => text(o.seq))}::int8[],
      ${col((o) => o.createdAt.toISOString())}::timestamptz[], ${col((o) => o.updatedAt.toISOString())}::timestamptz[],
      ${col((o) => o.closedAt?.toISOString() ?? null)}::timestamptz[])`;
}

export async function insertOrders(tx: Handle, orders: readonly OrderState[]): Promise<void> {
  if (orders.length > 0) await tx.execute(insertOrdersSql(orders));
}

/** Writes the changing columns of orders that already exist. */
function updateOrdersSql(orders: readonly OrderState[]): SQL {
  const col = <T>(pick: (order: OrderState) => T) => param(orders.map(pick));
  return sql`
    UPDATE orders o SET filled_quantity = u.filled_quantity, filled_notional = u.filled_notional,
           fee_paid = u.fee_paid, status = u.status, cancel_reason = u.cancel_reason,
           updated_at = u.updated_at, closed_at = u.closed_at
      FROM unnest(${col((o) => o.id)}::uuid[], ${col((o) => text(o.filledQuantity))}::numeric[],
                  ${col((o) => text(o.filledNotional))}::numeric[], ${col((o) => text(o.feePaid))}::numeric[],
                  ${col((o) => o.status)}::text[], ${col((o) => o.cancelReason)}::text[],
                  ${col((o) => o.updatedAt.toISOString())}::timestamptz[],
                  ${col((o) => o.closedAt?.toISOString() ?? null)}::timestamptz[])
           AS u(id, filled_quantity, filled_notional, fee_paid, status, cancel_reason, updated_at, closed_at)
     WHERE o.id = u.id`;
}

export async function updateOrders(tx: Handle, orders: readonly OrderState[]): Promise<void> {
  if (orders.length > 0) await tx.execute(updateOrdersSql(orders));
}

function insertFillsSql(fills: readonly FillRecord[]): SQL {
  const col = <T>(pick: (fill: FillRecord) => T) => param(fills.map(pick));
  return sql`
    INSERT INTO order_fills (id, pair, book, venue, seq, maker_order_id, taker_order_id, maker_user_id, taker_user_id,
      taker_side, price, quantity, notional, maker_fee, taker_fee, created_at)
    SELECT * FROM unnest(${col((f) => f.id)}::uuid[], ${col((f) => f.pair)}::text[], ${col((f) => f.book)}::text[],
      ${col((f) => f.venue)}::text[], ${col((f) => text(f.seq))}::int8[], ${col((f) => f.makerOrderId)}::uuid[],
      ${col((f) => f.takerOrderId)}::uuid[], ${col((f) => f.makerUserId)}::uuid[], ${col((f) => f.takerUserId)}::uuid[],
      ${col((f) => f.takerSide)}::text[], ${col((f) => text(f.price))}::numeric[],
      ${col((f) => text(f.quantity))}::numeric[], ${col((f) => text(f.notional))}::numeric[],
      ${col((f) => text(f.makerFee))}::numeric[], ${col((f) => text(f.takerFee))}::numeric[],
      ${col((f) => f.createdAt.toISOString())}::timestamptz[])`;
}

export async function insertFills(tx: Handle, fills: readonly FillRecord[]): Promise<void> {
  if (fills.length > 0) await tx.execute(insertFillsSql(fills));
}

export interface CandleUpdate {
  pair: string;
  interval: '5m' | '1h' | '1d';
  bucket: Date;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  quoteVolume: bigint;
  count: number;
}

/** Folds a batch's public trades into their candles (creating a bucket no seed reached). */
function upsertCandlesSql(candles: readonly CandleUpdate[]): SQL {
  const col = <T>(pick: (candle: CandleUpdate) => T) => param(candles.map(pick));
  return sql`
    INSERT INTO market_candles AS c (pair, interval, bucket, open, high, low, close, volume, trade_volume,
      trade_quote_volume, trade_count)
    SELECT u.pair, u.interval, u.bucket, u.open, u.high, u.low, u.close, u.volume, u.volume, u.quote_volume, u.count
      FROM unnest(${col((c) => c.pair)}::text[], ${col((c) => c.interval)}::text[],
                  ${col((c) => c.bucket.toISOString())}::timestamptz[], ${col((c) => text(c.open))}::numeric[],
                  ${col((c) => text(c.high))}::numeric[], ${col((c) => text(c.low))}::numeric[],
                  ${col((c) => text(c.close))}::numeric[], ${col((c) => text(c.volume))}::numeric[],
                  ${col((c) => text(c.quoteVolume))}::numeric[], ${col((c) => c.count)}::int[])
           AS u(pair, interval, bucket, open, high, low, close, volume, quote_volume, count)
    ON CONFLICT (pair, interval, bucket) DO UPDATE SET
      high = greatest(c.high, excluded.high), low = least(c.low, excluded.low), close = excluded.close,
      volume = c.volume + excluded.volume, trade_volume = c.trade_volume + excluded.trade_volume,
      trade_quote_volume = c.trade_quote_volume + excluded.trade_quote_volume,
      trade_count = c.trade_count + excluded.trade_count`;
}

export async function upsertCandles(tx: Handle, candles: readonly CandleUpdate[]): Promise<void> {
  if (candles.length > 0) await tx.execute(upsertCandlesSql(candles));
}

/**
 * Everything a runner batch records, in one statement (data-modifying CTEs): new orders, changed
 * orders, fills and candles. One round trip instead of four keeps the batch's transaction short.
 */
export async function writeBatchRecords(
  tx: Handle,
  records: {
    created: readonly OrderState[];
    updated: readonly OrderState[];
    fills: readonly FillRecord[];
    candles: readonly CandleUpdate[];
  },
): Promise<void> {
  const parts = [
    records.created.length > 0 ? insertOrdersSql(records.created) : null,
    records.updated.length > 0 ? updateOrdersSql(records.updated) : null,
    records.fills.length > 0 ? insertFillsSql(records.fills) : null,
    records.candles.length > 0 ? upsertCandlesSql(records.candles) : null,
  ].filter((part): part is SQL => part !== null);
  if (parts.length === 0) return;
  if (parts.length === 1) return void (await tx.execute(parts[0]!));
  const ctes = sql.join(
    parts.map((part, index) => sql`${sql.raw(`w${index}`)} AS (${part})`),
    sql`, `,
  );
  await tx.execute(sql`WITH ${ctes} SELECT 1`);
}
