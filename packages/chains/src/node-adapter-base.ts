// What every adapter that reads its chain through a node shares (UTXO, EVM, XRP, Solana): its network,
// its explorer links, the deposit addresses it watches, and no pushed events (the deposit scanner
// polls each adapter's `scanner`, and the wallets' reconcile reads sends again).
import type { ChainEventListener } from './adapter.ts';
import { explorerAddressUrl, explorerFor, explorerTransactionUrl, type ExplorerTemplates } from './explorers.ts';
import type { NetworkDefinition } from './networks.ts';

export abstract class NodeAdapterBase {
  readonly network: NetworkDefinition;
  readonly explorer: ExplorerTemplates;
  /** Addresses whose incoming transfers are customers' deposits. */
  protected readonly watched = new Set<string>();

  constructor(network: NetworkDefinition) {
    this.network = network;
    this.explorer = explorerFor(network.id);
  }

  watchAddress(address: string): void {
    this.watched.add(address);
  }

  subscribe(listener: ChainEventListener): () => void {
    void listener;
    return () => undefined;
  }

  transactionUrl(txid: string): string {
    return explorerTransactionUrl(this.network.id, txid);
  }

  addressUrl(address: string): string {
    return explorerAddressUrl(this.network.id, address);
  }
}
