// Reads the asset catalogue and the latest USD price of each asset, with the price of 24 hours
// before for the day's change. Until a price feed appends observations, the latest price is the
// seeded reference price (prices.seed.ts). Prices are bigint US dollars at PRICE_SCALE decimals.
import { sql } from 'drizzle-orm';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { parsePrice, percentChange } from './valuation.ts';

export interface AssetQuote {
  readonly symbol: string;
  readonly name: string;
  readonly logo: string;
  readonly sortOrder: number;
  /** Latest USD price per whole unit at PRICE_SCALE; null when none was ever observed. */
  readonly usdPrice: bigint | null;
  /** When that latest price was observed; null without one. */
  readonly observedAt: Date | null;
  /** The latest price observed at least 24 hours ago, at PRICE_SCALE. */
  readonly usdPrice24hAgo: bigint | null;
  /** Percent change over 24 hours ('1.25'), null without a price that old. */
  readonly change24h: string | null;
}

export interface PriceService {
  /** Every listed asset in catalogue order, with its latest price. */
  quotes(): Promise<AssetQuote[]>;
  /** The same, by symbol. */
  quoteMap(): Promise<Map<string, AssetQuote>>;
}

const DAY_MS = 24 * 3_600_000;

export function createPriceService(deps: { db: Db; clock: Clock }): PriceService {
  async function quotes(): Promise<AssetQuote[]> {
    const dayAgo = new Date(deps.clock.now().getTime() - DAY_MS);
    const { rows } = await deps.db.execute<{
      symbol: string;
      name: string;
      logo: string;
      sort_order: number;
      price: string | null;
      observed_at: Date | string | null;
      price_before: string | null;
    }>(sql`
      SELECT a.symbol, a.name, a.logo, a.sort_order,
        (SELECT p.usd_price::text FROM asset_prices p WHERE p.asset = a.symbol
          ORDER BY p.observed_at DESC, p.id DESC LIMIT 1) AS price,
        (SELECT p.observed_at FROM asset_prices p WHERE p.asset = a.symbol
          ORDER BY p.observed_at DESC, p.id DESC LIMIT 1) AS observed_at,
        (SELECT p.usd_price::text FROM asset_prices p WHERE p.asset = a.symbol AND p.observed_at <= ${dayAgo}
          ORDER BY p.observed_at DESC, p.id DESC LIMIT 1) AS price_before
      FROM assets a ORDER BY a.sort_order, a.symbol`);
    return rows.map((row) => {
      const usdPrice = row.price === null ? null : parsePrice(row.price);
      const before = row.price_before === null ? null : parsePrice(row.price_before);
      return {
        symbol: row.symbol,
        name: row.name,
        logo: row.logo,
        sortOrder: row.sort_order,
        usdPrice,
        observedAt: row.observed_at === null ? null : new Date(row.observed_at),
        usdPrice24hAgo: before,
        change24h: usdPrice === null ? null : percentChange(usdPrice, before),
      };
    });
  }

  return {
    quotes,
    async quoteMap() {
      return new Map((await quotes()).map((quote) => [quote.symbol, quote]));
    },
  };
}
