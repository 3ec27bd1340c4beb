// Ethereum and BNB Smart Chain (with their ERC-20 tokens) over a node's JSON-RPC: the adapters of one
// chain, built from configuration, sharing its node, signer (the signer process, or a hot key) and nonces.
import type { Signer } from '../adapter.ts';
import { createAddressDeriver, type DepositConfig } from '../derive.ts';
import { ChainError } from '../errors.ts';
import { getNetwork, networksOnChain, type NetworkId } from '../networks.ts';
import { EvmRpcAdapter } from './adapter.ts';
import { EvmKeySigner } from './key-signer.ts';
import { memoryNonceStore, type NonceStore } from './nonce-store.ts';
import { createEvmRpc, type EvmRpcOptions } from './rpc.ts';

export { EvmRpcAdapter, type EvmRpcAdapterOptions } from './adapter.ts';
export { EvmKeySigner, type EvmKeySignerOptions } from './key-signer.ts';
export {
  isNonceStore,
  memoryNonceStore,
  type NonceContext,
  type NonceStore,
  type NoncedBroadcast,
} from './nonce-store.ts';
export { TRANSFER_TOPIC, type EvmBlockOutput } from './reads.ts';
export { createEvmRpc, type EvmRpc, type EvmRpcOptions } from './rpc.ts';

export type EvmChainId = 'eth' | 'bsc';

export interface EvmRpcConfig {
  readonly chain: EvmChainId;
  readonly chainId: number;
  readonly rpc: EvmRpcOptions;
  /** Deposit addresses: the account-level xpub (m/44'/60'/0'), as for the devnet. */
  readonly deposit: DepositConfig;
  /**
   * Who signs the hot wallet's withdrawals (it pays every network's withdrawals and gas): the signer
   * process (`RemoteSigner`, ADR 0041), or a 32-byte hex private key signed with in this process.
   */
  readonly hotKey: string | Signer;
  /** Token networks of the chain served, with their contracts on this chain id. */
  readonly tokens?: Partial<Record<NetworkId, string>>;
  readonly legacyFees?: boolean;
  /** Floor of the EIP-1559 tip, wei per gas. */
  readonly minTip?: bigint;
  readonly store?: NonceStore;
}

/** The chain's adapters: the native network's first (its `scanner` walks the whole chain). */
export function createEvmRpcAdapters(config: EvmRpcConfig): Map<NetworkId, EvmRpcAdapter> {
  const onChain = new Set(networksOnChain(config.chain).map((network) => network.id));
  const contracts = new Map<string, NetworkId>();
  for (const [network, contract] of Object.entries(config.tokens ?? {}) as [NetworkId, string][]) {
    if (!onChain.has(network) || !getNetwork(network).token || !/^0x[0-9a-f]{40}$/i.test(contract)) {
      throw new ChainError('deposit_config_is_invalid', `${network}: not a token contract of ${config.chain}`);
    }
    contracts.set(contract.toLowerCase(), network);
  }
  const networks = [config.chain as NetworkId, ...contracts.values()];
  const signer =
    typeof config.hotKey !== 'string'
      ? config.hotKey
      : new EvmKeySigner({
          chainId: config.chainId,
          privateKey: config.hotKey,
          networks: networks.map((network) => {
            const contract = [...contracts].find(([, each]) => each === network)?.[0];
            return contract ? { network, contract } : { network };
          }),
        });
  const shared = {
    chainId: config.chainId,
    rpc: createEvmRpc(config.rpc),
    deriver: createAddressDeriver(config.chain, config.deposit),
    signer,
    store: config.store ?? memoryNonceStore(),
    contracts,
    legacyFees: config.legacyFees ?? false,
    minTip: config.minTip ?? 1_000_000_000n,
  };
  return new Map(networks.map((id) => [id, new EvmRpcAdapter({ ...shared, network: getNetwork(id) })]));
}
