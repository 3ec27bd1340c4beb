// Reads of the public market data: candles for a chart range, the current buckets, 24-hour
// statistics from the 5-minute buckets (volumes from real trades only), and recent public trades.
import { sql } from 'drizzle-orm';
import type { CandleInterval } from '@rora/contracts';
import type { Db } from '@rora/db';

export interface CandleRow {
  bucket: Date;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
}

export interface DayStats {
  open: bigint | null;
  high: bigint | null;
  low: bigint | null;
  volume: bigint;
  quoteVolume: bigint;
}

export interface TradeRow {
  id: string;
  seq: bigint;
  price: bigint;
  quantity: bigint;
  takerSide: 'buy' | 'sell';
  createdAt: Date;
}

type Raw = Record<string, string | null>;
const toCandle = (row: Raw): CandleRow => ({
  bucket: new Date(String(row.bucket)),
  open: BigInt(row.open!),
  high: BigInt(row.high!),
  low: BigInt(row.low!),
  close: BigInt(row.close!),
  volume: BigInt(row.volume!),
});
const CANDLE_COLUMNS = sql`to_char(bucket AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS bucket,
  open::text AS open, high::text AS high, low::text AS low, close::text AS close, volume::text AS volume`;

export async function readCandles(db: Db, options: { pair: string; interval: CandleInterval; from: Date | null }) {
  const { rows } = await db.execute<Raw>(sql`
    SELECT ${CANDLE_COLUMNS} FROM market_candles
     WHERE pair = ${options.pair} AND interval = ${options.interval}
       ${options.from ? sql`AND bucket >= ${options.from.toISOString()}::timestamptz` : sql``}
     ORDER BY bucket`);
  return rows.map(toCandle);
}

/** The buckets that contain `at`, one per interval. */
export async function readCurrentCandles(
  db: Db,
  pair: string,
  buckets: ReadonlyArray<{ interval: string; bucket: Date }>,
) {
  const { rows } = await db.execute<Raw>(sql`
    SELECT interval, ${CANDLE_COLUMNS} FROM market_candles
     WHERE pair = ${pair} AND (interval, bucket) IN (SELECT * FROM unnest(
       ${sql.param(buckets.map((item) => item.interval))}::text[],
       ${sql.param(buckets.map((item) => item.bucket.toISOString()))}::timestamptz[]))`);
  return rows.map((row) => ({ interval: row.interval as CandleInterval, ...toCandle(row) }));
}

export async function readDayStats(db: Db, pair: string, since: Date): Promise<DayStats> {
  const { rows } = await db.execute<Raw>(sql`
    SELECT (array_agg(open ORDER BY bucket))[1]::text AS open, max(high)::text AS high, min(low)::text AS low,
           coalesce(sum(trade_volume), 0)::text AS volume, coalesce(sum(trade_quote_volume), 0)::text AS quote_volume
      FROM market_candles WHERE pair = ${pair} AND interval = '5m' AND bucket >= ${since.toISOString()}::timestamptz`);
  const row = rows[0] ?? {};
  const maybe = (value: string | null | undefined) => (value === null || value === undefined ? null : BigInt(value));
  return {
    open: maybe(row.open),
    high: maybe(row.high),
    low: maybe(row.low),
    volume: BigInt(row.volume ?? '0'),
    quoteVolume: BigInt(row.quote_volume ?? '0'),
  };
}

export async function readRecentTrades(db: Db, pair: string, limit: number): Promise<TradeRow[]> {
  const { rows } = await db.execute<Raw>(sql`
    SELECT id, seq::text AS seq, price::text AS price, quantity::text AS quantity, taker_side, created_at
      FROM order_fills WHERE pair = ${pair} AND book = 'lit' ORDER BY seq DESC LIMIT ${limit}`);
  return rows.map((row) => ({
    id: String(row.id),
    seq: BigInt(row.seq!),
    price: BigInt(row.price!),
    quantity: BigInt(row.quantity!),
    takerSide: row.taker_side as 'buy' | 'sell',
    createdAt: new Date(row.created_at as unknown as string),
  }));
}

export async function readFavouriteVenues(db: Db, userId: string): Promise<Set<string>> {
  const { rows } = await db.execute<{ venue: string }>(
    sql`SELECT venue FROM venue_favourites WHERE user_id = ${userId}::uuid`,
  );
  return new Set(rows.map((row) => row.venue));
}

export async function setFavouriteVenue(db: Db, options: { userId: string; venue: string; favourite: boolean }) {
  if (options.favourite) {
    await db.execute(sql`INSERT INTO venue_favourites (user_id, venue) VALUES (${options.userId}::uuid, ${options.venue})
      ON CONFLICT DO NOTHING`);
  } else {
    await db.execute(
      sql`DELETE FROM venue_favourites WHERE user_id = ${options.userId}::uuid AND venue = ${options.venue}`,
    );
  }
}
