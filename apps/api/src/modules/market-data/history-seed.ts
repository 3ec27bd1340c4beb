// Seeds a year of price history per pair, so every chart range (1D ... ATH) has data on a fresh
// install: 5-minute candles for two days (1D), hourly ones for a month (1W, 1M) and daily ones for a
// year (3M ... ATH; RANGE_INTERVALS in the contract), along the sandbox price
// curve (SQL market_synthetic_price, the same curve the simulated venues quote live). One INSERT ...
// SELECT generate_series per pair and interval, deterministic, and only for buckets still missing:
// a restart fills the gap since the last bucket and nothing else.
import { sql } from 'drizzle-orm';
import type { CandleInterval } from '@rora/contracts';
import type { Database } from '@rora/db';
import { scaleFactor } from '@rora/money';
import { INTERVAL_MS, MARKETS, bucketStart, type Market } from '../markets/index.ts';
import { curveParams } from '../venues/index.ts';

const DAY_MS = 86_400_000;
/** How far back each interval is seeded. */
const SPANS: Record<CandleInterval, number> = { '5m': 2 * DAY_MS, '1h': 32 * DAY_MS, '1d': 366 * DAY_MS };
/** Typical wick of a candle as a share of the curve's volatility. */
const WICK: Record<CandleInterval, number> = { '5m': 0.004, '1h': 0.01, '1d': 0.03 };
/** US dollars traded a day on the sandbox market, for the seeded volume bars. */
const DAILY_USD: Partial<Record<string, number>> = { BTC: 50_000_000, ETH: 30_000_000, BUSD: 2_000_000 };
const DEFAULT_DAILY_USD = 5_000_000;

async function lastBucket(
  database: Pick<Database, 'db'>,
  pair: string,
  interval: CandleInterval,
): Promise<Date | null> {
  const { rows } = await database.db.execute<{ last: string | null }>(sql`
    SELECT to_char(max(bucket) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last
      FROM market_candles WHERE pair = ${pair} AND interval = ${interval}`);
  return rows[0]?.last ? new Date(rows[0].last) : null;
}

async function seedInterval(database: Pick<Database, 'db'>, market: Market, interval: CandleInterval, now: Date) {
  const step = INTERVAL_MS[interval];
  const to = bucketStart(interval, now);
  const last = await lastBucket(database, market.symbol, interval);
  const earliest = bucketStart(interval, new Date(now.getTime() - SPANS[interval]));
  const from = last && last.getTime() + step > earliest.getTime() ? new Date(last.getTime() + step) : earliest;
  if (from > to) return;
  const curve = curveParams(market.symbol);
  const quoteUnit = Number(scaleFactor(market.quoteScale));
  const baseUnit = Number(scaleFactor(market.baseScale));
  const tick = market.spec.tickSize.toString();
  const wick = curve.volatility * WICK[interval];
  const usdPerBucket = ((DAILY_USD[market.base] ?? DEFAULT_DAILY_USD) * step) / DAY_MS;
  const price = (at: ReturnType<typeof sql>) =>
    sql`market_synthetic_price(${curve.anchor}::float8, ${curve.volatility}::float8, ${curve.phase}::float8, ${at})`;
  await database.db.execute(sql`
    INSERT INTO market_candles (pair, interval, bucket, open, high, low, close, volume)
    SELECT ${market.symbol}, ${interval}, g.b, p.o, greatest(p.o, p.c, p.hi), least(p.o, p.c, p.lo), p.c, p.v
      FROM (SELECT b, extract(epoch FROM b)::float8 AS t
              FROM generate_series(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz,
                                   ${`${step / 1000} seconds`}::interval) AS b) AS g
      CROSS JOIN LATERAL (
        SELECT ${price(sql`g.t`)} AS po,
               ${price(sql`least(g.t + ${step / 1000}::float8, ${now.getTime() / 1000}::float8)`)} AS pc,
               market_noise(g.t / 300 + ${curve.phase}::float8) AS n1,
               market_noise(g.t / 300 + 7.77 + ${curve.phase}::float8) AS n2) AS f
      CROSS JOIN LATERAL (
        SELECT greatest(1, round((f.po * ${quoteUnit}::float8 / ${tick}::float8)::numeric)) * ${tick}::numeric AS o,
               greatest(1, round((f.pc * ${quoteUnit}::float8 / ${tick}::float8)::numeric)) * ${tick}::numeric AS c,
               ceil((greatest(f.po, f.pc) * (1 + ${wick}::float8 * (0.2 + 0.8 * f.n1)) * ${quoteUnit}::float8
                     / ${tick}::float8)::numeric) * ${tick}::numeric AS hi,
               greatest(1, floor((least(f.po, f.pc) * (1 - ${wick}::float8 * (0.2 + 0.8 * f.n2)) * ${quoteUnit}::float8
                     / ${tick}::float8)::numeric)) * ${tick}::numeric AS lo,
               round((${usdPerBucket}::float8 * (0.3 + 1.4 * f.n2) / f.pc * ${baseUnit}::float8)::numeric) AS v) AS p
    ON CONFLICT (pair, interval, bucket) DO NOTHING`);
}

/** Every pair's missing history up to `now` (idempotent; the seed of `npm start`). */
export async function seedPriceHistory(database: Pick<Database, 'db'>, now: Date = new Date()): Promise<void> {
  for (const market of MARKETS) {
    for (const interval of ['1d', '1h', '5m'] as const) await seedInterval(database, market, interval, now);
  }
}
