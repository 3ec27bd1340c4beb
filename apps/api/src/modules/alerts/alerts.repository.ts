// Price alerts (table price_alerts). Firing is one conditional UPDATE, so an alert fires at most
// once however many price changes race to fire it. Creating one counts the customer's active alerts
// and inserts under a per-customer lock, so concurrent creates never pass the limit together.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@rora/db';

type Executor = Db | Tx;

export interface AlertRow {
  id: string;
  userId: string;
  pair: string;
  condition: 'above' | 'below';
  price: bigint;
  status: 'active' | 'triggered';
  createdAt: Date;
  triggeredAt: Date | null;
  triggeredPrice: bigint | null;
}

type Raw = Record<string, unknown>;
const COLUMNS = sql`id, user_id, pair, condition, price::text AS price, status, created_at, triggered_at,
  triggered_price::text AS triggered_price`;

function toAlert(row: Raw): AlertRow {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    pair: String(row.pair),
    condition: row.condition as AlertRow['condition'],
    price: BigInt(row.price as string),
    status: row.status as AlertRow['status'],
    createdAt: new Date(row.created_at as string),
    triggeredAt: row.triggered_at ? new Date(row.triggered_at as string) : null,
    triggeredPrice: row.triggered_price ? BigInt(row.triggered_price as string) : null,
  };
}

export interface NewAlert {
  id: string;
  userId: string;
  pair: string;
  condition: string;
  price: bigint;
  referencePrice: bigint;
  now: Date;
}

async function insertAlert(db: Executor, alert: NewAlert): Promise<AlertRow> {
  const { rows } = await db.execute<Raw>(sql`
    INSERT INTO price_alerts (id, user_id, pair, condition, price, reference_price, status, created_at)
    VALUES (${alert.id}::uuid, ${alert.userId}::uuid, ${alert.pair}, ${alert.condition}, ${alert.price.toString()}::numeric,
            ${alert.referencePrice.toString()}::numeric, 'active', ${alert.now.toISOString()}::timestamptz)
    RETURNING ${COLUMNS}`);
  return toAlert(rows[0]!);
}

async function countActive(db: Executor, userId: string): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM price_alerts WHERE user_id = ${userId}::uuid AND status = 'active'`,
  );
  return rows[0]?.count ?? 0;
}

/**
 * Inserts the alert unless its owner already has `limit` active ones (then null). A customer's
 * creates take turns on a transaction-scoped advisory lock, so each counts what the previous one
 * committed: count-then-insert without it let creates that counted together all insert.
 */
export async function insertWithinLimit(db: Db, alert: NewAlert, limit: number): Promise<AlertRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`price_alerts:${alert.userId}`}, 0))`);
    if ((await countActive(tx, alert.userId)) >= limit) return null;
    return insertAlert(tx, alert);
  });
}

export async function listAlerts(db: Db, options: { userId: string; limit: number; offset: number }) {
  const [page, count] = await Promise.all([
    db.execute<Raw>(sql`SELECT ${COLUMNS} FROM price_alerts WHERE user_id = ${options.userId}::uuid
      ORDER BY created_at DESC, id DESC LIMIT ${options.limit} OFFSET ${options.offset}`),
    db.execute<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM price_alerts WHERE user_id = ${options.userId}::uuid`,
    ),
  ]);
  return { items: page.rows.map(toAlert), total: count.rows[0]?.total ?? 0 };
}

/** Deletes one of the customer's alerts; its pair, or null when there was none. */
export async function deleteAlert(db: Db, userId: string, id: string): Promise<string | null> {
  const { rows } = await db.execute<{ pair: string }>(
    sql`DELETE FROM price_alerts WHERE id = ${id}::uuid AND user_id = ${userId}::uuid RETURNING pair`,
  );
  return rows[0]?.pair ?? null;
}

/** Fires every active alert of the pair that `price` reaches; returns the alerts fired now. */
export async function fireCrossed(db: Db, options: { pair: string; price: bigint; now: Date }): Promise<AlertRow[]> {
  const price = options.price.toString();
  const { rows } = await db.execute<Raw>(sql`
    UPDATE price_alerts SET status = 'triggered', triggered_at = ${options.now.toISOString()}::timestamptz,
           triggered_price = ${price}::numeric
     WHERE pair = ${options.pair} AND status = 'active'
       AND ((condition = 'above' AND price <= ${price}::numeric) OR (condition = 'below' AND price >= ${price}::numeric))
    RETURNING ${COLUMNS}`);
  return rows.map(toAlert);
}

/** The nearest active thresholds of a pair: the lowest 'above' price and the highest 'below' price. */
export async function thresholds(db: Db, pair: string): Promise<{ above: bigint | null; below: bigint | null }> {
  const { rows } = await db.execute<{ above: string | null; below: string | null }>(sql`
    SELECT (SELECT min(price) FROM price_alerts WHERE pair = ${pair} AND status = 'active' AND condition = 'above')::text AS above,
           (SELECT max(price) FROM price_alerts WHERE pair = ${pair} AND status = 'active' AND condition = 'below')::text AS below`);
  const row = rows[0];
  return { above: row?.above ? BigInt(row.above) : null, below: row?.below ? BigInt(row.below) : null };
}

export async function emailOf(db: Db, userId: string): Promise<string | null> {
  const { rows } = await db.execute<{ email: string }>(sql`SELECT email FROM users WHERE id = ${userId}::uuid`);
  return rows[0]?.email ?? null;
}
