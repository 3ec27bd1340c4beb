// Deposit addresses: each customer draws one derivation index (shared by every chain), and each
// network's address is derived from it by the network's adapter (xpub, XRP tag, or Solana pool).
// Every address is watched on its chain, so deposits to it are seen from the mempool on. In a cluster
// an address is created by one replica while the devnet's owner credits its deposits: every process
// follows the table (`follow`), so the owner watches it within a second, and the devnet reports the
// deposits it already holds for an address watched late (ADR 0082).
import { isChainError, type ChainError, type NetworkId } from '@rora/chains';
import { createRepeating } from '../../lib/repeating.ts';
import type { ChainRegistry } from '../chain-watcher/index.ts';
import type { NewWallet, WalletRow, WalletsRepository } from './wallets.repository.ts';

export interface AddressBook {
  /** Creates the customer's missing wallets; networks that cannot have one yet are listed. */
  generate(userId: string): Promise<{ unavailable: NetworkId[] }>;
  /** Watches every stored address (at start: the chains' memory does not survive a restart). */
  watchAll(): Promise<void>;
  /** Watches the addresses stored since the last read (another replica's), then every `intervalMs` (`follow`). */
  refresh(): Promise<void>;
  follow(intervalMs: number): void;
  stop(): void;
}

/** How often every process reads the addresses other replicas created (`follow`). */
export const ADDRESS_REFRESH_MS = 1_000;

/**
 * How far back each refresh reads again: a wallet row carries its transaction's start time, so one
 * committed after a later-stamped row was read is still found (an insert never runs this long).
 */
export const LATE_COMMIT_MS = 60_000;

/** Refusals that mean "not now" (a Solana pool to top up), not a bug. */
const UNAVAILABLE = new Set<ChainError['code']>(['address_pool_is_exhausted', 'address_index_is_out_of_range']);

export function createAddressBook(deps: {
  repository: WalletsRepository;
  registry: ChainRegistry;
  log?: { error(object: object, message: string): void };
}): AddressBook {
  const { repository, registry } = deps;
  const watch = (row: Pick<WalletRow, 'network' | 'address'>) =>
    registry.adapter(row.network).watchAddress(row.address);
  /** The newest wallet creation read so far: the next refresh reads from a little before it. */
  let newest: Date | undefined;
  const read = async (since: Date | undefined) => {
    for (const row of await repository.watchList(since)) {
      watch(row);
      if (!newest || row.createdAt > newest) newest = row.createdAt;
    }
  };
  const refreshes = createRepeating(
    () => read(newest && new Date(newest.getTime() - LATE_COMMIT_MS)),
    (error) => deps.log?.error({ err: error }, 'deposit addresses not refreshed'),
  );

  return {
    async generate(userId) {
      const existing = new Set((await repository.listByUser(userId)).map((row) => row.network));
      const missing = registry.networks.filter((network) => !existing.has(network.id));
      if (missing.length === 0) return { unavailable: [] };
      const index = await repository.addressIndex(userId);
      const unavailable: NetworkId[] = [];
      const rows: NewWallet[] = [];
      for (const network of missing) {
        try {
          const derived = registry.adapter(network.id).deriveAddress(index);
          rows.push({
            userId,
            network: network.id,
            asset: network.asset,
            addressIndex: index,
            address: derived.address,
            destinationTag: derived.destinationTag ?? null,
            derivationPath: derived.path ?? null,
          });
        } catch (error) {
          if (!isChainError(error) || !UNAVAILABLE.has(error.code)) throw error;
          unavailable.push(network.id);
        }
      }
      // Watch before the rows are visible: a deposit sent the moment the address shows is not missed.
      rows.forEach(watch);
      await repository.insertMissing(rows);
      return { unavailable };
    },

    watchAll: () => read(undefined),
    refresh: refreshes.run,
    follow: refreshes.follow,
    stop() {
      void refreshes.stop();
    },
  };
}
