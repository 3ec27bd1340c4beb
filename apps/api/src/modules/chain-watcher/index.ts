// The chain side of wallets: the registry of ChainAdapters (the in-process devnet by default) and the
// watcher that feeds chain events, in order per network, to the wallets module's handlers.
export { createChainRegistry, type ChainConfig, type ChainRegistry } from './chain-registry.ts';
export {
  RECONCILE_EVERY_BLOCKS,
  createChainWatcher,
  type ChainEventHandlers,
  type ChainWatcher,
} from './chain-watcher.ts';
