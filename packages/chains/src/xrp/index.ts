// The XRP Ledger over a rippled server's JSON-RPC: the adapter, its signer and its parts (ADR 0040).
import type { Signer } from '../adapter.ts';
import { createAddressDeriver } from '../derive.ts';
import { getNetwork } from '../networks.ts';
import { memoryBroadcastStore, type BroadcastStore } from '../utxo/broadcast-store.ts';
import { XrpRpcAdapter } from './adapter.ts';
import { createXrpRpc, type XrpRpcOptions } from './rpc.ts';
import { XrpKeySigner } from './signer.ts';

export { XRP_LEDGER_WINDOW, XrpRpcAdapter, xrpToDrops, type XrpRpcAdapterOptions } from './adapter.ts';
export { XRP_API_VERSION, createXrpRpc, type XrpRpc, type XrpRpcOptions } from './rpc.ts';
export { XRP_MAX_FEE_DROPS, XrpKeySigner, xrpTransactionId } from './signer.ts';

export interface XrpRpcConfig {
  readonly rpc: XrpRpcOptions;
  /** The shared deposit address (usually the hot wallet's) and the first customer tag. */
  readonly omnibusAddress: string;
  readonly firstTag?: number;
  /**
   * Family seed (`s…`) of the hot wallet, signing in this process (the chains package's own tests),
   * or a `Signer` that holds it elsewhere (the signer process or its service, ADR 0041, 0050).
   */
  readonly hotSeed: string | Signer;
  readonly store?: BroadcastStore;
  readonly ledgerWindow?: number;
}

export function createXrpRpcAdapter(config: XrpRpcConfig): XrpRpcAdapter {
  return new XrpRpcAdapter({
    network: getNetwork('xrp'),
    rpc: createXrpRpc(config.rpc),
    deriver: createAddressDeriver('xrp', {
      scheme: 'tagged',
      address: config.omnibusAddress,
      ...(config.firstTag === undefined ? {} : { firstTag: config.firstTag }),
    }),
    signer: typeof config.hotSeed === 'string' ? new XrpKeySigner({ seed: config.hotSeed }) : config.hotSeed,
    store: config.store ?? memoryBroadcastStore(),
    ...(config.ledgerWindow === undefined ? {} : { ledgerWindow: config.ledgerWindow }),
  });
}
