// The offline devnet: the default ChainAdapter for every network (DESIGN §1.4).
export { createDevnet, type Devnet, type DevnetOptions, type FundRequest } from './devnet.ts';
export { DevnetAdapter, type DevnetAdapterOptions } from './adapter.ts';
export { DevnetChain, type DevnetChainEvent, type DevnetChainOptions, type DevnetChainParams } from './chain.ts';
export { DevnetSigner } from './signer.ts';
export { FeeMarket, PRIORITY_TARGETS, type FeeMarketParams } from './fee-market.ts';
export { markerFailureRule, neverFail, type FailureCandidate, type FailureRule } from './failures.ts';
export { createRandom, type Random, type RandomState } from './random.ts';
export { JOURNAL_RETRY_MS } from './journal.ts';
export { DevnetRunElsewhereError, isDevnetRunElsewhere } from './run-elsewhere.ts';
export type { MempoolEntry } from './mempool.ts';
export type { BroadcastTag, TxRecord } from './records.ts';
export type { DevnetChainState, DevnetChanges, DevnetJournal, DevnetMarket, DevnetSnapshot } from './snapshot.ts';
export { systemClock, timerScheduler, type Clock, type Scheduler } from './time.ts';
export { txidFor } from './txid.ts';
export { DEVNET_CHAIN_PARAMS, DEVNET_DEFAULT_SEED, DEVNET_HOT_WALLET_FUNDING } from './defaults.ts';
export { DEVNET_DEPOSIT_CONFIGS, DEVNET_HOT_WALLETS } from './dev-keys.ts';
export { chainsOnDevnetKeys, isDevnetAddress, usesDevnetKeys } from './dev-keys-check.ts';
