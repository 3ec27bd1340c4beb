// What the chain holds at Rora's addresses, read every few blocks for `npm run ledger:check` (ADR 0044):
// per network, the hot wallet, all deposit addresses together and the configured cold addresses
// (watch-only: read, never spent from here), with the height read. The check compares them with the
// ledger's omnibus accounts; the reading lives in this process because the adapters do (the devnet
// is in memory here), and in PostgreSQL because the check is another process.
import { sql } from 'drizzle-orm';
import { getNetwork, type NetworkId } from '@rora/chains';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import type { ChainRegistry } from '../chain-watcher/index.ts';

/** Configured cold-storage addresses per network (TREASURY_COLD_ADDRESSES). */
export type ColdAddresses = Partial<Record<NetworkId, readonly string[]>>;

export interface ChainBalances {
  readonly network: NetworkId;
  readonly hot: bigint;
  readonly deposits: bigint;
  readonly cold: bigint;
  readonly height: number;
  /** Each deposit address with coins, for the sweeps. */
  readonly depositBalances: ReadonlyMap<string, bigint>;
  readonly hotAddress: string;
}

export interface ChainBalanceObserver {
  /** Reads the network's balances and records them; null when its adapter cannot read balances. */
  observe(network: NetworkId): Promise<ChainBalances | null>;
}

export function createChainBalanceObserver(deps: {
  db: Db;
  clock: Clock;
  registry: ChainRegistry;
  cold: ColdAddresses;
}): ChainBalanceObserver {
  return {
    async observe(network) {
      const id = getNetwork(network).id;
      const adapter = deps.registry.adapter(id);
      if (!adapter.balancesOf || !adapter.hotWalletAddress) return null;
      const hotAddress = adapter.hotWalletAddress();
      const cold = [...new Set(deps.cold[id] ?? [])];
      const { rows } = await deps.db.execute<{ address: string }>(
        sql`SELECT DISTINCT address FROM wallets WHERE network = ${id}`,
      );
      const deposits = rows
        .map((row) => row.address)
        .filter((address) => address !== hotAddress && !cold.includes(address));
      const height = await adapter.getBlockHeight();
      const balances = await adapter.balancesOf([hotAddress, ...deposits, ...cold]);
      const of = (address: string) => balances.get(address) ?? 0n;
      const sum = (addresses: readonly string[]) => addresses.reduce((total, address) => total + of(address), 0n);
      const depositBalances = new Map(deposits.filter((address) => of(address) > 0n).map((a) => [a, of(a)] as const));
      const observed = { network: id, hot: of(hotAddress), deposits: sum(deposits), cold: sum(cold), height };
      await deps.db.execute(sql`
        INSERT INTO chain_balance_observations (network, asset, hot, deposits, cold, height, observed_at)
        VALUES (${id}, ${getNetwork(id).asset}, ${String(observed.hot)}, ${String(observed.deposits)},
                ${String(observed.cold)}, ${height}, ${deps.clock.now()})
        ON CONFLICT (network) DO UPDATE SET asset = EXCLUDED.asset, hot = EXCLUDED.hot,
          deposits = EXCLUDED.deposits, cold = EXCLUDED.cold, height = EXCLUDED.height,
          observed_at = EXCLUDED.observed_at`);
      return { ...observed, depositBalances, hotAddress };
    },
  };
}
