// The offline devnet: one simulated chain per ChainId and one ChainAdapter per network over them.
// Blocks come from a scheduler (real timers by default); tests skip `start()` and call `mineBlock()`.
import type { ChainBlock, ChainTransaction, FeePriority } from '../adapter.ts';
import { createAddressDeriver, type AddressDeriver, type DepositConfigs } from '../derive.ts';
import { ChainError } from '../errors.ts';
import { CHAIN_IDS, getNetwork, isChainId, NETWORK_IDS, NETWORKS, type ChainId, type NetworkId } from '../networks.ts';
import { assertValidAddress } from '../validate.ts';
import { DevnetAdapter } from './adapter.ts';
import { DevnetChain, type DevnetChainParams } from './chain.ts';
import {
  DEVNET_CHAIN_PARAMS,
  DEVNET_DEFAULT_SEED,
  DEVNET_DEFAULT_SIGNER_KEY,
  DEVNET_HOT_WALLET_FUNDING,
  DEVNET_RETAIN_BLOCKS,
} from './defaults.ts';
import { DEVNET_DEPOSIT_CONFIGS, DEVNET_HOT_WALLETS } from './dev-keys.ts';
import { markerFailureRule, type FailureRule } from './failures.ts';
import { createRandom } from './random.ts';
import { toChainTransaction } from './records.ts';
import type { DevnetJournal, DevnetMarket, DevnetSnapshot } from './snapshot.ts';
import { DevnetSigner } from './signer.ts';
import { systemClock, timerScheduler, type Clock, type Scheduler } from './time.ts';

export interface DevnetOptions {
  /** Same seed and same calls, same chain: block hashes, fee moves, random failures. */
  readonly seed?: string;
  readonly clock?: Clock;
  readonly scheduler?: Scheduler;
  /** Deposit configuration per chain; defaults to the public test mnemonic's keys (dev-keys.ts). */
  readonly deposit?: DepositConfigs;
  /** Per-chain overrides of block interval, block capacity, fee rates and background traffic. */
  readonly chains?: Partial<Record<ChainId, Partial<DevnetChainParams>>>;
  readonly failureRule?: FailureRule;
  /** Chance in [0, 1] that any transaction fails besides the rule; default 0. */
  readonly failureProbability?: number;
  readonly hotWalletFunding?: Partial<Record<NetworkId, bigint>>;
  /** XRP addresses that demand a destination tag, besides Rora's own omnibus address. */
  readonly taggedAddresses?: readonly string[];
  readonly signerKey?: string;
}

export interface FundRequest {
  readonly network: NetworkId;
  readonly address: string;
  readonly amount: bigint;
  readonly destinationTag?: number;
  /**
   * The fee the outside sender pays, as a wallet's estimate of this priority: 'normal' unless said.
   * At 'normal' a deposit can wait out a busy stretch of the fee market; the faucet pays 'fast'.
   */
  readonly priority?: FeePriority;
}

export interface Devnet {
  readonly seed: string;
  readonly signer: DevnetSigner;
  adapter(network: NetworkId): DevnetAdapter;
  chain(chain: ChainId): DevnetChain;
  /** Mines the next block of a chain (a network id names its chain). */
  mineBlock(chainOrNetwork: ChainId | NetworkId): ChainBlock;
  mineBlocks(chainOrNetwork: ChainId | NetworkId, count: number): ChainBlock[];
  /** Simulates a deposit from outside: a transfer to `address` enters the mempool now. */
  fundAddress(request: FundRequest): ChainTransaction;
  balanceOf(network: NetworkId, address: string): bigint;
  /** Puts back the chains a journal held (ADR 0048); before any change, and before `keep`. */
  restore(snapshots: Partial<Record<ChainId, DevnetSnapshot>>): void;
  /**
   * Replaces a read-only copy (never kept, or `retire`d) with the chains a journal holds now, as a
   * fresh devnet would restore them, and reports again the transfers to every watched address: the
   * copy becomes the devnet once its process takes it over (ADR 0082), then `keep`; or a displaced
   * owner's devnet becomes the tables' copy again (ADR 0083).
   */
  reload(snapshots: Partial<Record<ChainId, DevnetSnapshot>>): void;
  /**
   * Makes a read-only copy estimate fees from its owner's current market, as `source` reads it, at
   * most a second old (ADR 0082); `reload` ends it.
   */
  followMarket(source: (chain: ChainId) => Promise<DevnetMarket | null>): void;
  /** Writes every later change of every chain to `journal`; events wait until their batch is written. */
  keep(journal: DevnetJournal): void;
  /**
   * Steps down (ADR 0083): another process writes the devnet now. Stops the timers, gives the journal
   * up (what waits on a batch not yet written fails with `refusal`, its events never reach a listener)
   * and refuses every later change with it until `keep`. Then `reload` makes it a read-only copy.
   */
  retire(refusal: Error): void;
  /** Resolves once every change so far is written (at once without a journal). */
  flush(): Promise<void>;
  /** Starts each chain's block timer; `stop()` clears them. */
  start(): void;
  stop(): void;
  /** Stops the timers and writes what is left (one try): the devnet is done. */
  close(): Promise<void>;
  readonly running: boolean;
}

export function createDevnet(options: DevnetOptions = {}): Devnet {
  const seed = options.seed ?? DEVNET_DEFAULT_SEED;
  const clock = options.clock ?? systemClock;
  const signer = new DevnetSigner({
    key: options.signerKey ?? DEVNET_DEFAULT_SIGNER_KEY,
    hotWallets: DEVNET_HOT_WALLETS,
  });
  const deposit = options.deposit ?? DEVNET_DEPOSIT_CONFIGS;
  const failureProbability = options.failureProbability ?? 0;
  if (!(failureProbability >= 0 && failureProbability <= 1))
    throw new RangeError('failureProbability must be within [0, 1]');
  const chains = Object.fromEntries(
    CHAIN_IDS.map((id) => {
      const params = { ...DEVNET_CHAIN_PARAMS[id], ...options.chains?.[id] };
      const chain = new DevnetChain({
        chain: id,
        params,
        clock,
        random: createRandom(`${seed}:${id}`),
        signer,
        failureRule: options.failureRule ?? markerFailureRule,
        failureProbability,
        retainBlocks: DEVNET_RETAIN_BLOCKS,
      });
      return [id, chain];
    }),
  ) as Record<ChainId, DevnetChain>;
  const derivers = Object.fromEntries(CHAIN_IDS.map((id) => [id, createAddressDeriver(id, deposit[id])])) as Record<
    ChainId,
    AddressDeriver
  >;
  const omnibus = deposit.xrp?.scheme === 'tagged' ? [deposit.xrp.address] : [];
  const taggedAddresses = new Set([...omnibus, ...(options.taggedAddresses ?? [])]);
  const adapters = Object.fromEntries(
    NETWORK_IDS.map((id) => {
      const network = NETWORKS[id];
      const adapter = new DevnetAdapter({
        network,
        chain: chains[network.chain],
        deriver: derivers[network.chain],
        signer,
        taggedAddresses,
      });
      return [id, adapter];
    }),
  ) as Record<NetworkId, DevnetAdapter>;
  /** The hot wallets' genesis funding: at creation, and again when a copy is rebuilt (`reload`). */
  const fund = () => {
    for (const id of NETWORK_IDS) {
      const network = NETWORKS[id];
      const funding = options.hotWalletFunding?.[id] ?? DEVNET_HOT_WALLET_FUNDING[id];
      chains[network.chain].balances.credit(network.asset, signer.addressFor(id), funding);
    }
  };
  fund();
  return devnetHandle({ seed, signer, chains, adapters, fund, scheduler: options.scheduler ?? timerScheduler });
}

function devnetHandle(parts: {
  seed: string;
  signer: DevnetSigner;
  chains: Record<ChainId, DevnetChain>;
  adapters: Record<NetworkId, DevnetAdapter>;
  fund: () => void;
  scheduler: Scheduler;
}): Devnet {
  const { chains, adapters } = parts;
  let stops: (() => void)[] = [];
  const chainOf = (id: ChainId | NetworkId): DevnetChain => chains[isChainId(id) ? id : getNetwork(id).chain];
  return {
    seed: parts.seed,
    signer: parts.signer,
    adapter: (network) => adapters[getNetwork(network).id],
    chain: (chain) => chainOf(chain),
    mineBlock: (id) => chainOf(id).mineBlock(),
    mineBlocks: (id, count) => Array.from({ length: count }, () => chainOf(id).mineBlock()),
    fundAddress(request) {
      if (typeof request.amount !== 'bigint' || request.amount <= 0n) {
        throw new ChainError('amount_must_be_positive', 'A devnet deposit needs a positive amount of minor units');
      }
      const tag = request.destinationTag === undefined ? {} : { destinationTag: request.destinationTag };
      const valid = assertValidAddress(request.network, request.address, tag);
      const chain = chainOf(request.network);
      const destination = valid.destinationTag === undefined ? {} : { destinationTag: valid.destinationTag };
      const record = chain.submitExternal(
        { network: request.network, to: valid.address, amount: request.amount, ...destination },
        request.priority ?? 'normal',
      );
      return toChainTransaction(record, chain.height);
    },
    balanceOf: (network, address) => chainOf(network).balances.balanceOf(NETWORKS[network].asset, address),
    restore(snapshots) {
      for (const id of CHAIN_IDS) {
        const snapshot = snapshots[id];
        if (snapshot) chains[id].restore(snapshot);
      }
    },
    reload(snapshots) {
      for (const id of CHAIN_IDS) chains[id].reset();
      parts.fund();
      this.restore(snapshots);
      for (const id of NETWORK_IDS) adapters[id].reportWatched();
    },
    followMarket(source) {
      for (const id of CHAIN_IDS) chains[id].followMarket(() => source(id));
    },
    keep(journal) {
      for (const id of CHAIN_IDS) chains[id].keep(journal);
    },
    retire(refusal) {
      this.stop();
      for (const id of CHAIN_IDS) chains[id].retire(refusal);
    },
    flush: async () => {
      await Promise.all(CHAIN_IDS.map((id) => chains[id].durable()));
    },
    async close() {
      this.stop();
      for (const id of CHAIN_IDS) chains[id].closeJournal();
      await this.flush();
    },
    start() {
      if (stops.length > 0) return;
      stops = CHAIN_IDS.map((id) =>
        parts.scheduler.every(chains[id].params.blockIntervalMs, () => chains[id].mineBlock()),
      );
    },
    stop() {
      for (const stop of stops) stop();
      stops = [];
    },
    get running() {
      return stops.length > 0;
    },
  };
}
