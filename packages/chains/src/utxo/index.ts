// Bitcoin and Litecoin over a node's JSON-RPC: the adapter, its signer and its parts.
import type { Signer } from '../adapter.ts';
import { createAddressDeriver } from '../derive.ts';
import { getNetwork } from '../networks.ts';
import { memoryBroadcastStore, type BroadcastStore } from './broadcast-store.ts';
import { UtxoKeySigner } from './key-signer.ts';
import { utxoParams, type UtxoChainId, type UtxoNetworkKind } from './params.ts';
import { UtxoRpcAdapter } from './rpc-adapter.ts';
import { createRpcClient, type RpcClientOptions } from './rpc-client.ts';

export { UtxoRpcAdapter, withPrefix, type BlockScanner, type UtxoRpcAdapterOptions } from './rpc-adapter.ts';
export { UtxoKeySigner } from './key-signer.ts';
export { memoryBroadcastStore, type BroadcastStore, type NonceReuse, type StoredBroadcast } from './broadcast-store.ts';
export { selectCoins, transactionVsize, type Coin, type CoinSelection } from './coin-selection.ts';
export { NO_PARENT, type BlockOutput, type ScannedBlock } from './node-reads.ts';
export { UTXO_NETWORK_KINDS, utxoParams, type UtxoChainId, type UtxoNetworkKind, type UtxoParams } from './params.ts';
export {
  NodeError,
  coinsToMinor,
  createRpcClient,
  isNodeError,
  minorToCoins,
  type NodeErrorKind,
  type RpcClient,
  type RpcClientOptions,
} from './rpc-client.ts';

export interface UtxoRpcConfig {
  readonly chain: UtxoChainId;
  readonly kind: UtxoNetworkKind;
  readonly rpc: RpcClientOptions;
  /** Account-level extended public key of the deposit addresses. */
  readonly xpub: string;
  /**
   * Who signs: the WIF private key of the hot wallet (P2WPKH) in this process (refused in production,
   * ADR 0032), or a `Signer` that holds it elsewhere (the signer process, ADR 0041).
   */
  readonly hotKey: string | Signer;
  readonly watchWallet?: string;
  readonly fallbackFeeRate?: bigint;
  readonly store?: BroadcastStore;
}

/** One adapter from configuration; call `prepare()` before the first withdrawal. */
export function createUtxoRpcAdapter(config: UtxoRpcConfig): UtxoRpcAdapter {
  const network = getNetwork(config.chain);
  const params = utxoParams(config.chain, config.kind);
  return new UtxoRpcAdapter({
    network,
    params,
    rpc: createRpcClient(config.rpc),
    deriver: createAddressDeriver(config.chain, { scheme: 'hd', xpub: config.xpub }),
    signer:
      typeof config.hotKey === 'string'
        ? new UtxoKeySigner({ network: network.id, params, wif: config.hotKey })
        : config.hotKey,
    store: config.store ?? memoryBroadcastStore(),
    watchWallet: config.watchWallet ?? 'rora-hot',
    fallbackFeeRate: config.fallbackFeeRate ?? 10n,
  });
}
