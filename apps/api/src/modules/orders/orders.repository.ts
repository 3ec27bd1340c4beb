// SQL of the order flow: what a runner reads to rebuild its book and before each batch, and the
// single-order writes of external platforms' orders, each as one statement over arrays. A runner
// batch is written by orders_commit_batch() (batch-commit.ts). numeric columns travel as decimal
// text and come back through BigInt, never Number.
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
