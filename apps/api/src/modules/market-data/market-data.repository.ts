// Reads of the public market data: candles for a chart range, the current buckets, the last 24 hours
// of real trades by minute, the reference history's 24 hours (the seeded candles, for a market that
// did not trade), recent public trades, and the customer's favourite platforms.
import { sql } from 'drizzle-orm';
import type { CandleInterval } from '@rora/contracts';
import type { Db } from '@rora/db';
import type { MinuteBucket } from './day-window.ts';

export interface CandleRow {
  bucket: Date;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
}

/** Open, high, low and close of the 5-minute candles since a time (the chart's history). */
export interface ReferenceStats {
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
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

/**
 * The public trades since `since`, folded by minute, and the highest sequence among them. There is
 * no index on the fills' time; the 5-minute candles count the real trades they hold (written in the
 * same commit as the fills), so that count bounds a walk down the (pair, seq) index to the day's
 * trades instead of scanning the pair's whole history.
 */
export async function readDayTrades(
  db: Db,
  options: { pair: string; since: Date; candlesFrom: Date },
): Promise<{ buckets: MinuteBucket[]; maxSeq: bigint }> {
  const { rows } = await db.execute<Raw>(sql`
    WITH bound AS (
      SELECT coalesce(sum(trade_count), 0)::int AS n FROM market_candles
       WHERE pair = ${options.pair} AND interval = '5m' AND bucket >= ${options.candlesFrom.toISOString()}::timestamptz),
    recent AS (
      SELECT seq, price, quantity, notional, created_at FROM order_fills
       WHERE pair = ${options.pair} AND book = 'lit' ORDER BY seq DESC LIMIT (SELECT n FROM bound))
    SELECT (extract(epoch FROM date_trunc('minute', created_at)) * 1000)::bigint::text AS start_ms,
           (array_agg(price ORDER BY seq))[1]::text AS open, max(price)::text AS high, min(price)::text AS low,
           (array_agg(price ORDER BY seq DESC))[1]::text AS close, sum(quantity)::text AS volume,
           sum(notional)::text AS quote_volume, count(*)::text AS count, max(seq)::text AS max_seq
      FROM recent WHERE created_at >= ${options.since.toISOString()}::timestamptz
     GROUP BY 1 ORDER BY 1`);
  const buckets = rows.map((row) => ({
    startMs: Number(row.start_ms),
    open: BigInt(row.open!),
    high: BigInt(row.high!),
    low: BigInt(row.low!),
    close: BigInt(row.close!),
    volume: BigInt(row.volume!),
    quoteVolume: BigInt(row.quote_volume!),
    count: Number(row.count),
  }));
  const maxSeq = rows.reduce((max, row) => (BigInt(row.max_seq!) > max ? BigInt(row.max_seq!) : max), 0n);
  return { buckets, maxSeq };
}

/** The 5-minute candles from `since` on, or null when there are none. */
export async function readReferenceStats(db: Db, pair: string, since: Date): Promise<ReferenceStats | null> {
  const { rows } = await db.execute<Raw>(sql`
    SELECT (array_agg(open ORDER BY bucket))[1]::text AS open, max(high)::text AS high, min(low)::text AS low,
           (array_agg(close ORDER BY bucket DESC))[1]::text AS close
      FROM market_candles WHERE pair = ${pair} AND interval = '5m' AND bucket >= ${since.toISOString()}::timestamptz`);
  const row = rows[0];
  if (!row?.open || !row.high || !row.low || !row.close) return null;
  return { open: BigInt(row.open), high: BigInt(row.high), low: BigInt(row.low), close: BigInt(row.close) };
}

const TRADE_COLUMNS = sql`f.id, f.seq::text AS seq, f.price::text AS price, f.quantity::text AS quantity,
  f.taker_side, f.created_at`;

/** The newest trades first. Ordered by the column, not by its text (where 999 sorts above 9054). */
export async function readRecentTrades(db: Db, pair: string, limit: number): Promise<TradeRow[]> {
  const { rows } = await db.execute<Raw>(sql`
    SELECT ${TRADE_COLUMNS} FROM order_fills f WHERE f.pair = ${pair} AND f.book = 'lit' ORDER BY f.seq DESC LIMIT ${limit}`);
  return rows.map(toTrade);
}

/**
 * The oldest trades above `afterSeq` up to `throughSeq`, oldest first: a takeover's trades to send
 * again, a page at a time (on the (pair, seq) index, forwards).
 */
export async function readTradesBetween(
  db: Db,
  options: { pair: string; afterSeq: bigint; throughSeq: bigint; limit: number },
): Promise<TradeRow[]> {
  const { pair, afterSeq, throughSeq, limit } = options;
  const { rows } = await db.execute<Raw>(sql`
    SELECT ${TRADE_COLUMNS} FROM order_fills f WHERE f.pair = ${pair} AND f.book = 'lit'
       AND f.seq > ${afterSeq.toString()}::int8 AND f.seq <= ${throughSeq.toString()}::int8
     ORDER BY f.seq LIMIT ${limit}`);
  return rows.map(toTrade);
}

/**
 * The newest trade more than `windowMs` older than the newest trade up to `throughSeq`, 0 if none:
 * what a takeover that heard nothing of its topic sends after (ADR 0073). The walk down the (pair,
 * seq) index stops at it, so it reads the window's trades and one more, however long the history.
 */
export async function readWindowFloor(
  db: Db,
  options: { pair: string; throughSeq: bigint; windowMs: number },
): Promise<bigint> {
  const { pair, throughSeq, windowMs } = options;
  const { rows } = await db.execute<Raw>(sql`
    WITH newest AS (
      SELECT created_at FROM order_fills WHERE pair = ${pair} AND book = 'lit' AND seq <= ${throughSeq.toString()}::int8
       ORDER BY seq DESC LIMIT 1)
    SELECT coalesce((
      SELECT f.seq FROM order_fills f, newest n WHERE f.pair = ${pair} AND f.book = 'lit'
         AND f.seq <= ${throughSeq.toString()}::int8 AND f.created_at < n.created_at - ${windowMs}::int * interval '1 millisecond'
       ORDER BY f.seq DESC LIMIT 1), 0)::text AS floor`);
  return BigInt(rows[0]!.floor!);
}

function toTrade(row: Raw): TradeRow {
  return {
    id: String(row.id),
    seq: BigInt(row.seq!),
    price: BigInt(row.price!),
    quantity: BigInt(row.quantity!),
    takerSide: row.taker_side as 'buy' | 'sell',
    createdAt: new Date(row.created_at as unknown as string),
  };
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
