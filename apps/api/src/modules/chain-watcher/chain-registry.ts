// The chains the API talks to: one ChainAdapter per network. The default (and, for now, only)
// adapter is the offline devnet of @rora/chains, running inside this process: one instance per
// process, its blocks on timers once `start()` is called (server.ts); tests never start it and mine
// blocks by hand. Deposit keys come from the CHAINS_* variables, else the devnet's public test keys
// (production refuses both the devnet and those keys: production-config.ts, ADR 0020).
import {
  CHAIN_IDS,
  DEVNET_DEPOSIT_CONFIGS,
  NETWORK_IDS,
  NETWORKS,
  createDevnet,
  depositConfigsFromEnv,
  type ChainAdapter,
  type Devnet,
  type NetworkDefinition,
  type NetworkId,
} from '@rora/chains';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';

export interface ChainRegistry {
  readonly devnet: Devnet;
  readonly networks: readonly NetworkDefinition[];
  adapter(network: NetworkId): ChainAdapter;
  /** Starts the devnet's block timers. */
  start(): void;
  stop(): void;
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

export type ChainConfig = Pick<Config, 'DEVNET_SEED' | 'DEVNET_BLOCK_INTERVAL_MS' | (typeof DEPOSIT_VARIABLES)[number]>;

/** The CHAINS_* values as the text variables @rora/chains reads (it validates them when deriving). */
function depositEnv(config: ChainConfig): Record<string, string | undefined> {
  return Object.fromEntries(
    DEPOSIT_VARIABLES.map((name) => [name, config[name] === undefined ? undefined : String(config[name])]),
  );
}

export function createChainRegistry(deps: { config: ChainConfig; clock: Clock }): ChainRegistry {
  const { config } = deps;
  const interval = config.DEVNET_BLOCK_INTERVAL_MS;
  const devnet = createDevnet({
    seed: config.DEVNET_SEED,
    clock: deps.clock,
    // Configured chains use the operator's keys; the others the devnet's public test keys.
    deposit: { ...DEVNET_DEPOSIT_CONFIGS, ...depositConfigsFromEnv(depositEnv(config)) },
    ...(interval ? { chains: Object.fromEntries(CHAIN_IDS.map((id) => [id, { blockIntervalMs: interval }])) } : {}),
  });
  return {
    devnet,
    networks: NETWORK_IDS.map((id) => NETWORKS[id]),
    adapter: (network) => devnet.adapter(network),
    start: () => devnet.start(),
    stop: () => devnet.stop(),
  };
}
