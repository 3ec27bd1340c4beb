// Seeds the asset catalogue and one reference price per asset, idempotently: a listed asset keeps
// its row, and an asset that already has a price (a feed's, or an earlier reference) gets no new one.
import { sql } from 'drizzle-orm';
import type { Database } from '@rora/db';
import { ASSET_CATALOGUE } from './asset-catalogue.ts';

export async function seedAssetCatalogue(database: Pick<Database, 'db'>): Promise<void> {
  const { db } = database;
  for (const [index, entry] of ASSET_CATALOGUE.entries()) {
    await db.execute(sql`
      INSERT INTO assets (symbol, name, logo, sort_order)
      VALUES (${entry.symbol}, ${entry.name}, ${entry.logo}, ${index + 1})
      ON CONFLICT (symbol) DO NOTHING`);
    await db.execute(sql`
      INSERT INTO asset_prices (asset, usd_price, source, observed_at)
      SELECT ${entry.symbol}, ${entry.referenceUsdPrice}::numeric, 'reference', now()
      WHERE NOT EXISTS (SELECT 1 FROM asset_prices WHERE asset = ${entry.symbol})`);
  }
}
