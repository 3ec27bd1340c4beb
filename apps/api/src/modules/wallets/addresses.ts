// Deposit addresses: each customer draws one derivation index (shared by every chain), and each
// network's address is derived from it by the network's adapter (xpub, XRP tag, or Solana pool).
// Every address is watched on its chain, so deposits to it are seen from the mempool on.
import { isChainError, type ChainError, type NetworkId } from '@rora/chains';
import type { ChainRegistry } from '../chain-watcher/index.ts';
import type { NewWallet, WalletRow, WalletsRepository } from './wallets.repository.ts';

export interface AddressBook {
  /** Creates the customer's missing wallets; networks that cannot have one yet are listed. */
  generate(userId: string): Promise<{ unavailable: NetworkId[] }>;
  /** Watches every stored address (at start: the chains' memory does not survive a restart). */
  watchAll(): Promise<void>;
}

/** Refusals that mean "not now" (a Solana pool to top up), not a bug. */
const UNAVAILABLE = new Set<ChainError['code']>(['address_pool_is_exhausted', 'address_index_is_out_of_range']);

export function createAddressBook(deps: { repository: WalletsRepository; registry: ChainRegistry }): AddressBook {
  const { repository, registry } = deps;
  const watch = (row: Pick<WalletRow, 'network' | 'address'>) =>
    registry.adapter(row.network).watchAddress(row.address);

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

    async watchAll() {
      (await repository.watchList()).forEach(watch);
    },
  };
}
