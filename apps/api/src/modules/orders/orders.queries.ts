// Reads of a customer's orders (GET /order, GET /order/{id}) with their fills. Every read is scoped
// to its owner: another customer's order is not found, as if it did not exist.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@rora/db';
import type { FillRecord, OrderState } from './order-state.ts';
import { toFillRecord, toOrderState } from './orders.repository.ts';

export type OrderListType = 'open' | 'closed' | 'buy' | 'sell' | 'dark pool' | 'dark_pool';

function filterOf(type: OrderListType | undefined): SQL {
  switch (type) {
    case 'open':
      return sql`AND status IN ('pending', 'open', 'partially_filled')`;
    case 'closed':
      return sql`AND status IN ('filled', 'cancelled', 'rejected')`;
    case 'buy':
    case 'sell':
      return sql`AND side = ${type} AND book <> 'dark'`;
    case 'dark pool':
    case 'dark_pool':
      return sql`AND book = 'dark'`;
    default:
      return sql``;
  }
}

export async function findOwnOrder(db: Db | Tx, userId: string, orderId: string): Promise<OrderState | null> {
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`SELECT * FROM orders WHERE id = ${orderId}::uuid AND user_id = ${userId}::uuid`,
  );
  return rows[0] ? toOrderState(rows[0]) : null;
}

export async function listOwnOrders(
  db: Db,
  options: { userId: string; type?: OrderListType; pair?: string; limit: number; offset: number },
): Promise<{ orders: OrderState[]; total: number }> {
  const where = sql`user_id = ${options.userId}::uuid ${filterOf(options.type)}
    ${options.pair ? sql`AND pair = ${options.pair}` : sql``}`;
  const [page, count] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      SELECT * FROM orders WHERE ${where} ORDER BY created_at DESC, seq DESC NULLS LAST, id DESC LIMIT ${options.limit} OFFSET ${options.offset}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM orders WHERE ${where}`),
  ]);
  return { orders: page.rows.map(toOrderState), total: count.rows[0]?.total ?? 0 };
}

/** Fills of the given orders (either side), oldest first, by order id. */
export async function fillsOfOrders(db: Db | Tx, orderIds: readonly string[]): Promise<Map<string, FillRecord[]>> {
  const byOrder = new Map<string, FillRecord[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const ids = sql.param([...orderIds]);
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    SELECT * FROM order_fills WHERE taker_order_id = ANY(${ids}::uuid[])
    UNION ALL
    SELECT * FROM order_fills WHERE maker_order_id = ANY(${ids}::uuid[])
    ORDER BY created_at, seq NULLS LAST`);
  for (const row of rows) {
    const fill = toFillRecord(row);
    byOrder.get(fill.takerOrderId)?.push(fill);
    if (fill.makerOrderId) byOrder.get(fill.makerOrderId)?.push(fill);
  }
  return byOrder;
}
