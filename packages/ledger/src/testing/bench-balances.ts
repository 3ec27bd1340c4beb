// Benchmarks only (bench:reserves): balances for a million customers cannot be made by transfers in
// a benchmark's setup, so this writes the balances directly, set-based, on a throwaway database.
// Each asset still sums to zero (the house's external_world account holds the opposite), but no
// transfer backs these rows: never call it on a database that holds real money.
import type pg from 'pg';
import type { AssetSymbol } from '@rora/money';

/**
 * Inside the caller's transaction: every customer whose e-mail starts with `bench-` gets a random
 * `available` balance of `asset` (0 to 999,999 times `unit` minor units), and external_world the
 * opposite.
 */
export async function openBenchBalances(client: pg.PoolClient, asset: AssetSymbol, unit: bigint): Promise<void> {
  await client.query(`SET LOCAL rora.ledger_writer = 'on'`);
  await client.query(
    `INSERT INTO ledger_accounts (owner_id, asset, kind, balance)
     SELECT id, $1, 'available', floor(random() * 1000000)::numeric * $2::numeric FROM users
      WHERE email LIKE 'bench-%'`,
    [asset, unit.toString()],
  );
  await client.query(
    `INSERT INTO ledger_accounts (owner_id, asset, kind, balance)
     SELECT NULL, $1, 'external_world', -sum(balance) FROM ledger_accounts WHERE asset = $1 AND owner_id IS NOT NULL`,
    [asset],
  );
}
