// The chain side of wallets: the registry of ChainAdapters (the in-process devnet by default, a
// node's JSON-RPC for Bitcoin and Litecoin when configured), the watcher that feeds devnet events, in
// order per network, to the wallets module's handlers, and the deposit scanner that walks the blocks
// of the chains read through a node from a cursor in PostgreSQL.
export { createChainRegistry, type ChainConfig, type ChainRegistry } from './chain-registry.ts';
export {
  RECONCILE_EVERY_BLOCKS,
  createChainWatcher,
  type ChainEventHandlers,
  type ChainWatcher,
} from './chain-watcher.ts';
export {
  MAX_BLOCKS_PER_SCAN,
  createDepositScanner,
  type DepositScanner,
  type ScanReport,
  type ScannedChainHandlers,
  type ScannedNetwork,
} from './deposit-scanner.ts';
export { createChainCursorsRepository } from './chain-cursors.repository.ts';
export {
  BEHIND_BLOCKS,
  CHAIN_DEGRADED_REASONS,
  createChainHealth,
  type ChainDegradedReason,
  type ChainHealth,
  type ChainState,
} from './chain-health.ts';
