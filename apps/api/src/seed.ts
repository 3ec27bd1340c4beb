// Seed data for the sandbox, idempotent: every start runs it and it only fills what is missing.
// Later modules add their seeds (assets, markets, venues, plans) here through one function each.
import type { Database } from '@rora/db';

export type Seeder = (database: Database) => Promise<void>;

const seeders: Seeder[] = [];

export async function seed(database: Database): Promise<void> {
  for (const run of seeders) await run(database);
}
