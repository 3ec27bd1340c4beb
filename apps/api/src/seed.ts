// Seed data for the sandbox, idempotent: every start runs it and it only fills what is missing.
// Later modules add their seeds (assets, markets, venues, plans) here through one function each.
import type { Database } from '@rora/db';
import { seedAssetCatalogue } from './modules/prices/index.ts';
import { seedSwapLiquidity } from './modules/swap/index.ts';
import { seedPriceHistory } from './modules/markets/index.ts';

export type Seeder = (database: Database) => Promise<void>;

const seeders: Seeder[] = [seedAssetCatalogue, seedSwapLiquidity, (database) => seedPriceHistory(database)];

export async function seed(database: Database): Promise<void> {
  for (const run of seeders) await run(database);
}
