// The chains the API talks to: one ChainAdapter per network. The default adapter is the offline
// devnet of @rora/chains, running inside this process: one instance per process, its blocks on
// timers once `start()` is called (server.ts); tests never start it and mine blocks by hand. Bitcoin
// and Litecoin may instead be read through a node's JSON-RPC (`CHAINS_BTC=rpc`, `CHAINS_LTC=rpc`,
// ADR 0032): their adapter signs through the signer process (`SIGNER_URL`, ADR 0041; or, outside
// production, through the signer's service in this process with a hot key). Ethereum and BNB Smart
// Chain with their tokens likewise (`CHAINS_ETH=rpc`, ADR 0039), signing through the signer process
// too (or, outside production, through its service in this process with a hot key); XRP and Solana
// (`CHAINS_XRP=rpc`, `CHAINS_SOL=rpc`, ADR 0040, ADR 0050) the same way. Each
// keeps every signed withdrawal in PostgreSQL before sending it, and the deposit scanner walks their
// blocks (validated ledgers for XRP, finalized slots for Solana). The devnet keeps its chain state
// in PostgreSQL (`open`, ADR 0048): the process holding the devnet lock restores it, mines and writes;
// any other process gets a read-only copy, and takes the devnet over when the lock is free (ADR 0082);
// an owner that finds the lock taken when it takes it again steps down to a reader (ADR 0083).
// Deposit keys come from the CHAINS_* variables, else the devnet's public test keys (production
// refuses both the devnet and those keys: production-config.ts, ADR 0020).
import {
  CHAIN_IDS,
  DEVNET_DEPOSIT_CONFIGS,
  NETWORK_IDS,
  NETWORKS,
  ChainError,
  RemoteSigner,
  createDevnet,
  createEvmRpcAdapters,
  createSolanaRpcAdapter,
  createUtxoRpcAdapter,
  createXrpRpcAdapter,
  depositConfigsFromEnv,
  networksOnChain,
  toChecksumAddress,
  type BlockScanner,
  type ChainAdapter,
  type EvmRpcAdapter,
  type DepositConfig,
  type DepositConfigs,
  type Devnet,
  type NetworkDefinition,
  type NetworkId,
  type Signer,
  type UtxoChainId,
  type UtxoNetworkKind,
  type UtxoRpcAdapter,
} from '@rora/chains';
import type { Db } from '@rora/db';
import {
  EVM_DEFAULT_CEILING,
  createSigningService,
  keyHolder,
  keyHolders,
  privateKeyFromText,
  privateKeyFromWif,
} from '@rora/signer';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { createBroadcastStore } from './broadcasts.repository.ts';
import { createChainHealth, type ChainHealth } from './chain-health.ts';
import { DevnetKeeper, type KeeperLog } from './devnet-keeper.ts';
import type { ScannedNetwork } from './deposit-scanner.ts';

export interface ChainRegistry {
  readonly devnet: Devnet;
  readonly networks: readonly NetworkDefinition[];
  adapter(network: NetworkId): ChainAdapter;
  /** Networks read through a node: the deposit scanner walks their blocks. */
  readonly scanned: readonly ScannedNetwork[];
  /** Each chain's state (ok, or degraded and why); sends wait while theirs is degraded. */
  readonly health: ChainHealth;
  /** Whether the network is the in-process devnet's (the faucet and `/dev/mine` work only there). */
  isDevnet(network: NetworkId): boolean;
  /**
   * The token contract a token network's deposits and sends go through: on a node, the one its
   * adapter uses (configured, or mainnet's on chain id 1); on the devnet, which plays mainnet, the
   * network's mainnet contract. Null for a chain's own coin.
   */
  tokenContract(network: NetworkId): string | null;
  /**
   * With the signer process: the configured hot wallet addresses it does not hold, or that it cannot
   * be reached (one line each, for the operator's log at start); empty when all is well or no signer.
   */
  checkSigner(): Promise<string[]>;
  /**
   * Restores the devnet from PostgreSQL and, if this process takes the devnet lock, keeps writing it
   * there: `owner`. Otherwise (`reader`) the devnet is a read-only copy that `start` does not mine.
   */
  open(): Promise<'owner' | 'reader'>;
  /**
   * Whether a send on the network is broadcast by this process: always through a node; on the devnet
   * only where it is written (a reader's copy never mines, so its owner broadcasts the send instead).
   */
  broadcastsHere(network: NetworkId): boolean;
  /**
   * Runs `task` when this process, having opened as a reader, takes the devnet over (its owner
   * stopped, ADR 0082): after the devnet is rebuilt from the tables, before it is written or mined.
   */
  onTakeover(task: () => Promise<void>): void;
  /** Starts the devnet's block timers (only in the process that owns it, once opened). */
  start(): void;
  stop(): void;
  /** Stops the timers, writes what is left and gives the devnet lock back. */
  close(): Promise<void>;
}

const DEPOSIT_VARIABLES = [
  'CHAINS_BTC_XPUB',
  'CHAINS_LTC_XPUB',
  'CHAINS_ETH_XPUB',
  'CHAINS_BSC_XPUB',
  'CHAINS_XRP_OMNIBUS_ADDRESS',
  'CHAINS_XRP_FIRST_TAG',
  'CHAINS_SOL_ADDRESSES',
] as const;

type NodeVariable = Extract<keyof Config, `CHAINS_${'BTC' | 'LTC' | 'XRP' | 'SOL'}${string}` | 'CHAINS_WATCH_WALLET'>;
type EvmVariable = Extract<keyof Config, `CHAINS_${'ETH' | 'BSC'}${string}` | `CHAINS_${string}_ERC20_CONTRACT`>;

export type ChainConfig = Pick<
  Config,
  | 'DEVNET_SEED'
  | 'DEVNET_BLOCK_INTERVAL_MS'
  | 'SIGNER_URL'
  | 'SIGNER_SECRET'
  | (typeof DEPOSIT_VARIABLES)[number]
  | NodeVariable
  | EvmVariable
>;

/** The ERC-20 contracts of a chain: configured, else mainnet's on chain id 1. */
function tokenContracts(config: ChainConfig, chain: 'eth' | 'bsc', chainId: number) {
  const configured: Partial<Record<NetworkId, string | undefined>> = {
    'usdt-erc20': config.CHAINS_USDT_ERC20_CONTRACT,
    'adx-erc20': config.CHAINS_ADX_ERC20_CONTRACT,
    'busd-erc20': config.CHAINS_BUSD_ERC20_CONTRACT,
  };
  const tokens: Partial<Record<NetworkId, string>> = {};
  for (const network of networksOnChain(chain)) {
    const contract = configured[network.id] ?? (chainId === 1 ? network.token?.contract : undefined);
    if (network.token && contract) tokens[network.id] = contract;
  }
  return tokens;
}

function evmAdapters(
  deps: { config: ChainConfig; db: Db; clock: Clock; signer: RemoteSigner | undefined },
  chain: 'eth' | 'bsc',
  deposit?: DepositConfig,
) {
  const { config } = deps;
  const X = chain === 'eth' ? 'ETH' : 'BSC';
  const url = config[`CHAINS_${X}_RPC_URL`];
  const key = config[`CHAINS_${X}_HOT_KEY`];
  const chainId = config[`CHAINS_${X}_CHAIN_ID`];
  // The config loader refuses `rpc` without these; this guards a programmer's call.
  if (!url || !(deps.signer || key) || chainId === undefined || deposit?.scheme !== 'hd') {
    throw new Error(`CHAINS_${X}=rpc needs its RPC URL, chain id, a signer or hot key, and xpub`);
  }
  const tokens = tokenContracts(config, chain, chainId);
  const adapters = createEvmRpcAdapters({
    chain,
    chainId,
    rpc: { url },
    deposit,
    hotKey: deps.signer ?? inProcessEvmSigner(deps.db, chain, key!, { chainId, ...EVM_DEFAULT_CEILING, tokens }),
    tokens,
    legacyFees: config[`CHAINS_${X}_FEES`] === 'legacy',
    minTip: BigInt(config[`CHAINS_${X}_MIN_TIP_WEI`]),
    store: createBroadcastStore(deps.db, deps.clock),
  });
  return { adapters, tokens };
}

/** The CHAINS_* values as the text variables @rora/chains reads (it validates them when deriving). */
function depositEnv(config: ChainConfig): Record<string, string | undefined> {
  return Object.fromEntries(
    DEPOSIT_VARIABLES.map((name) => [name, config[name] === undefined ? undefined : String(config[name])]),
  );
}

/** The signer process, when configured: the API holds no key then (ADR 0041). */
function remoteSigner(config: ChainConfig): RemoteSigner | undefined {
  if (!config.SIGNER_URL || !config.SIGNER_SECRET) return undefined;
  const addresses: Partial<Record<NetworkId, string>> = {};
  if (config.CHAINS_BTC_HOT_ADDRESS) addresses.btc = config.CHAINS_BTC_HOT_ADDRESS;
  if (config.CHAINS_LTC_HOT_ADDRESS) addresses.ltc = config.CHAINS_LTC_HOT_ADDRESS;
  if (config.CHAINS_XRP_HOT_ADDRESS) addresses.xrp = config.CHAINS_XRP_HOT_ADDRESS;
  if (config.CHAINS_SOL_HOT_ADDRESS) addresses.sol = config.CHAINS_SOL_HOT_ADDRESS;
  // One EVM hot wallet pays its chain's native coin and tokens (the signer lists each network).
  for (const chain of ['eth', 'bsc'] as const) {
    const address = config[chain === 'eth' ? 'CHAINS_ETH_HOT_ADDRESS' : 'CHAINS_BSC_HOT_ADDRESS'];
    if (!address) continue;
    const checksummed = toChecksumAddress(address);
    const chainId = config[chain === 'eth' ? 'CHAINS_ETH_CHAIN_ID' : 'CHAINS_BSC_CHAIN_ID'] ?? 0;
    addresses[chain] = checksummed;
    for (const network of Object.keys(tokenContracts(config, chain, chainId)) as NetworkId[]) {
      addresses[network] = checksummed;
    }
  }
  return new RemoteSigner({ url: config.SIGNER_URL, secret: config.SIGNER_SECRET, addresses });
}

/**
 * Outside production, a hot key given to the API (`CHAINS_<X>_HOT_KEY`) signs through the signer's
 * own service run in this process: the same rules (only a held send, once, every signature recorded
 * in `signer.signatures`), without the separate process.
 */
function inProcessSigner(db: Db, chain: UtxoChainId, kind: UtxoNetworkKind, wif: string): Signer {
  let privateKey: Uint8Array;
  try {
    privateKey = privateKeyFromWif(chain, kind, wif);
  } catch {
    throw new ChainError('deposit_config_is_invalid', `The ${chain} hot key is not a WIF key of this network`);
  }
  return createSigningService({ pool: db.$client, keys: [keyHolder(chain, kind, privateKey)] });
}

/** The same for an EVM chain: its hot key signs the chain and its tokens, under the signer's default ceiling. */
function inProcessEvmSigner(
  db: Db,
  chain: 'eth' | 'bsc',
  hex: string,
  settings: { chainId: number; maxFeePerGas: bigint; maxGas: bigint; tokens: Partial<Record<NetworkId, string>> },
): Signer {
  let privateKey: Uint8Array;
  try {
    privateKey = privateKeyFromText(chain, 'testnet', hex);
  } catch {
    throw new ChainError('deposit_config_is_invalid', `The ${chain} hot key is not a 32-byte hex private key`);
  }
  return createSigningService({
    pool: db.$client,
    keys: keyHolders(chain, 'testnet', privateKey, { [chain]: settings }),
  });
}

function rpcAdapter(
  deps: { config: ChainConfig; db: Db; clock: Clock; signer: RemoteSigner | undefined },
  chain: UtxoChainId,
  deposit?: DepositConfig,
) {
  const { config } = deps;
  const X = chain === 'btc' ? 'BTC' : 'LTC';
  const url = config[`CHAINS_${X}_RPC_URL`];
  const wif = config[`CHAINS_${X}_HOT_KEY`];
  const kind = config[`CHAINS_${X}_NETWORK`];
  const hotKey = deps.signer ?? (wif === undefined ? undefined : inProcessSigner(deps.db, chain, kind, wif));
  // The config loader refuses `rpc` without these; this guards a programmer's call.
  if (!url || !hotKey || deposit?.scheme !== 'hd')
    throw new Error(`CHAINS_${X}=rpc needs its RPC URL, a signer or hot key, and xpub`);
  return createUtxoRpcAdapter({
    chain,
    kind: config[`CHAINS_${X}_NETWORK`],
    rpc: { url },
    xpub: deposit.xpub,
    hotKey,
    watchWallet: config.CHAINS_WATCH_WALLET,
    fallbackFeeRate: BigInt(config[`CHAINS_${X}_FALLBACK_FEE_RATE`]),
    store: createBroadcastStore(deps.db, deps.clock),
  });
}

/** An adapter read through a node: the deposit scanner walks its blocks. */
type NodeAdapter = ChainAdapter & { readonly scanner: BlockScanner };

/** The same for XRP (a family seed) and Solana (a 64-byte secret key). */
function inProcessAccountSigner(db: Db, chain: 'xrp' | 'sol', text: string): Signer {
  let privateKey: Uint8Array;
  try {
    privateKey = privateKeyFromText(chain, 'testnet', text);
  } catch (error) {
    throw new ChainError('deposit_config_is_invalid', `The ${chain} hot key: ${(error as Error).message}`);
  }
  return createSigningService({ pool: db.$client, keys: keyHolders(chain, 'testnet', privateKey, {}) });
}

/** XRP and Solana through their JSON-RPC (ADR 0040), when configured `rpc`; signing as the others do (ADR 0050). */
function accountAdapters(
  deps: { config: ChainConfig; db: Db; clock: Clock; signer: RemoteSigner | undefined },
  configured: DepositConfigs,
) {
  const { config } = deps;
  const hotKey = (chain: 'xrp' | 'sol', text: string | undefined) =>
    deps.signer ?? (text === undefined ? undefined : inProcessAccountSigner(deps.db, chain, text));
  const adapters: [NetworkId, NodeAdapter][] = [];
  const store = createBroadcastStore(deps.db, deps.clock);
  const xrp = configured.xrp;
  if (config.CHAINS_XRP === 'rpc') {
    // The config loader refuses `rpc` without these; this guards a programmer's call.
    const signer = hotKey('xrp', config.CHAINS_XRP_HOT_KEY);
    if (!config.CHAINS_XRP_RPC_URL || !signer || xrp?.scheme !== 'tagged')
      throw new Error('CHAINS_XRP=rpc needs its RPC URL, a signer or hot key, and omnibus address');
    const omnibus = { omnibusAddress: xrp.address, ...(xrp.firstTag === undefined ? {} : { firstTag: xrp.firstTag }) };
    adapters.push([
      'xrp',
      createXrpRpcAdapter({
        rpc: { url: config.CHAINS_XRP_RPC_URL },
        ...omnibus,
        hotSeed: signer,
        store,
      }),
    ]);
  }
  const sol = configured.sol;
  if (config.CHAINS_SOL === 'rpc') {
    const signer = hotKey('sol', config.CHAINS_SOL_HOT_KEY);
    if (!config.CHAINS_SOL_RPC_URL || !signer || sol?.scheme !== 'pool')
      throw new Error('CHAINS_SOL=rpc needs its RPC URL, a signer or hot key, and address pool');
    adapters.push([
      'sol',
      createSolanaRpcAdapter({
        rpc: { url: config.CHAINS_SOL_RPC_URL },
        addresses: sol.addresses,
        hotKey: signer,
        store,
      }),
    ]);
  }
  return adapters;
}

/** How often a process that reads the devnet tries to take it over (ADR 0082): see devnet-keeper.ts. */
export { DEVNET_TAKEOVER_MS } from './devnet-keeper.ts';

export function createChainRegistry(deps: {
  config: ChainConfig;
  clock: Clock;
  db: Db;
  log?: KeeperLog;
}): ChainRegistry {
  const { config } = deps;
  const interval = config.DEVNET_BLOCK_INTERVAL_MS;
  const configured = depositConfigsFromEnv(depositEnv(config));
  const devnet = createDevnet({
    seed: config.DEVNET_SEED,
    clock: deps.clock,
    // Configured chains use the operator's keys; the others the devnet's public test keys.
    deposit: { ...DEVNET_DEPOSIT_CONFIGS, ...configured },
    ...(interval ? { chains: Object.fromEntries(CHAIN_IDS.map((id) => [id, { blockIntervalMs: interval }])) } : {}),
  });
  const keeper = new DevnetKeeper(deps, devnet);
  const nodes = new Map<NetworkId, ChainAdapter>();
  // One scanner per chain, on its native network's adapter (ETH's walks its tokens too).
  const scanners = new Map<NetworkId, BlockScanner>();
  const signer = remoteSigner(config);
  for (const [network, adapter] of accountAdapters({ ...deps, signer }, configured)) {
    nodes.set(network, adapter);
    scanners.set(network, adapter.scanner);
  }
  for (const chain of ['btc', 'ltc'] as const) {
    if (config[chain === 'btc' ? 'CHAINS_BTC' : 'CHAINS_LTC'] === 'rpc') {
      const adapter: UtxoRpcAdapter = rpcAdapter({ ...deps, signer }, chain, configured[chain]);
      nodes.set(chain, adapter);
      scanners.set(chain, adapter.scanner);
    }
  }
  const contracts: Partial<Record<NetworkId, string>> = {};
  for (const chain of ['eth', 'bsc'] as const) {
    if (config[chain === 'eth' ? 'CHAINS_ETH' : 'CHAINS_BSC'] !== 'rpc') continue;
    const { adapters, tokens } = evmAdapters({ ...deps, signer }, chain, configured[chain]);
    Object.assign(contracts, tokens);
    for (const [network, adapter] of adapters) nodes.set(network, adapter);
    scanners.set(chain, (adapters.get(chain) as EvmRpcAdapter).scanner);
  }
  const startHeights: Partial<Record<NetworkId, number | undefined>> = {
    btc: config.CHAINS_BTC_START_HEIGHT,
    ltc: config.CHAINS_LTC_START_HEIGHT,
    eth: config.CHAINS_ETH_START_HEIGHT,
    bsc: config.CHAINS_BSC_START_HEIGHT,
    xrp: config.CHAINS_XRP_START_HEIGHT,
    sol: config.CHAINS_SOL_START_HEIGHT,
  };
  return {
    devnet,
    networks: NETWORK_IDS.map((id) => NETWORKS[id]),
    adapter: (network) => nodes.get(network) ?? devnet.adapter(network),
    scanned: [...scanners].map(([network, scanner]) => {
      const start = startHeights[network];
      return { network, scanner, ...(start === undefined ? {} : { startHeight: start }) };
    }),
    health: createChainHealth({ clock: deps.clock, nodeChains: [...nodes.keys()].map((id) => NETWORKS[id].chain) }),
    isDevnet: (network) => !nodes.has(network),
    tokenContract: (network) => (nodes.has(network) ? contracts[network] : NETWORKS[network].token?.contract) ?? null,
    checkSigner: async () => {
      if (!signer) return [];
      return signer.mismatches().catch((error: unknown) => [`the signer at SIGNER_URL: ${(error as Error).message}`]);
    },
    open: () => keeper.open(),
    onTakeover: (task) => keeper.onTakeover(task),
    broadcastsHere: (network) => nodes.has(network) || !keeper.reader(),
    start: () => keeper.start(),
    stop: () => keeper.stop(),
    close: () => keeper.close(),
  };
}
