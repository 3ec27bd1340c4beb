// Seed data, idempotent: every start runs it and it only fills what is missing. The catalogue (assets)
// is seeded everywhere; the sandbox's made-up data (a synthetic year of prices, the house's swap
// inventory and staking rewards pools, funded from outside the books) only where it is not production.
import type { Database } from '@rora/db';
import { seedAssetCatalogue } from './modules/prices/index.ts';
import { seedSwapLiquidity } from './modules/swap/index.ts';
import { seedPriceHistory } from './modules/market-data/index.ts';
import { seedStakingRewards } from './modules/staking/index.ts';

export type Seeder = (database: Database) => Promise<void>;

const catalogue: Seeder[] = [seedAssetCatalogue];
const sandbox: Seeder[] = [seedSwapLiquidity, seedStakingRewards, (database) => seedPriceHistory(database)];

export async function seed(database: Database, options: { sandbox: boolean }): Promise<void> {
  for (const run of [...catalogue, ...(options.sandbox ? sandbox : [])]) await run(database);
}
