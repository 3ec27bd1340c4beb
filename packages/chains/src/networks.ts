// The chains and networks Rora moves money on, as data. A chain is a ledger with its own blocks and
// address format; a network is one asset on one chain (ETH and USDT-on-ERC-20 share the Ethereum
// chain, its addresses and its fee market). Confirmation counts and derivation paths are documented
// in README.md.
import type { AssetSymbol } from '@rora/money';
import { ChainError } from './errors.ts';

export const CHAIN_IDS = ['btc', 'ltc', 'eth', 'bsc', 'xrp', 'sol'] as const;
export type ChainId = (typeof CHAIN_IDS)[number];

export const NETWORK_IDS = ['btc', 'ltc', 'eth', 'usdt-erc20', 'adx-erc20', 'busd-erc20', 'bsc', 'xrp', 'sol'] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

export type AddressFormat = 'bitcoin' | 'litecoin' | 'evm' | 'xrp' | 'solana';

/**
 * How a customer's deposit address is made: `hd` derives the i-th external address from an account
 * extended public key; `tagged` is one shared address plus a destination tag per customer (each XRP
 * account locks a reserve, so exchanges use one); `pool` hands out addresses generated in advance by the
 * signer (Solana's ed25519 keys have no public derivation).
 */
export type DepositScheme = 'hd' | 'tagged' | 'pool';

export interface ChainDefinition {
  readonly id: ChainId;
  readonly name: string;
  /** The asset fees are paid in. */
  readonly nativeAsset: AssetSymbol;
  readonly model: 'utxo' | 'account';
  readonly addressFormat: AddressFormat;
  readonly depositScheme: DepositScheme;
  /** Account-level BIP32 path of the configured extended public key (hd scheme only). */
  readonly accountPath?: string;
  /** Path below the account key to the i-th deposit address. */
  readonly addressPath?: string;
  /** Average time between blocks on the real chain. */
  readonly blockTimeMs: number;
  /** Unit of a fee rate: a fee is rate times the network's `transferUnits`. */
  readonly feeRateUnit: string;
}

export interface TokenDefinition {
  readonly standard: 'ERC-20';
  /** Mainnet contract, EIP-55 checksummed. */
  readonly contract: string;
}

export interface NetworkDefinition {
  readonly id: NetworkId;
  readonly chain: ChainId;
  readonly name: string;
  /** The booked asset this network moves. */
  readonly asset: AssetSymbol;
  readonly token?: TokenDefinition;
  /** On-chain decimals; always equal to the booked asset's scale, so minor units never convert. */
  readonly decimals: number;
  /** Blocks on top of (and including) the one holding a deposit before it is credited. */
  readonly confirmations: number;
  /** Size of a typical transfer in fee units: vbytes, gas, or 1 for a flat per-transaction fee. */
  readonly transferUnits: bigint;
}

export const CHAINS: Readonly<Record<ChainId, ChainDefinition>> = {
  btc: {
    id: 'btc',
    name: 'Bitcoin',
    nativeAsset: 'BTC',
    model: 'utxo',
    addressFormat: 'bitcoin',
    depositScheme: 'hd',
    accountPath: "m/84'/0'/0'",
    addressPath: '0/i',
    blockTimeMs: 600_000,
    feeRateUnit: 'sat/vB',
  },
  ltc: {
    id: 'ltc',
    name: 'Litecoin',
    nativeAsset: 'LTC',
    model: 'utxo',
    addressFormat: 'litecoin',
    depositScheme: 'hd',
    accountPath: "m/84'/2'/0'",
    addressPath: '0/i',
    blockTimeMs: 150_000,
    feeRateUnit: 'litoshi/vB',
  },
  eth: {
    id: 'eth',
    name: 'Ethereum',
    nativeAsset: 'ETH',
    model: 'account',
    addressFormat: 'evm',
    depositScheme: 'hd',
    accountPath: "m/44'/60'/0'",
    addressPath: '0/i',
    blockTimeMs: 12_000,
    feeRateUnit: 'wei/gas',
  },
  bsc: {
    id: 'bsc',
    name: 'BNB Smart Chain',
    nativeAsset: 'BNB',
    model: 'account',
    addressFormat: 'evm',
    depositScheme: 'hd',
    accountPath: "m/44'/60'/0'",
    addressPath: '0/i',
    blockTimeMs: 3_000,
    feeRateUnit: 'wei/gas',
  },
  xrp: {
    id: 'xrp',
    name: 'XRP Ledger',
    nativeAsset: 'XRP',
    model: 'account',
    addressFormat: 'xrp',
    depositScheme: 'tagged',
    blockTimeMs: 4_000,
    feeRateUnit: 'drops/tx',
  },
  sol: {
    id: 'sol',
    name: 'Solana',
    nativeAsset: 'SOL',
    model: 'account',
    addressFormat: 'solana',
    depositScheme: 'pool',
    blockTimeMs: 400,
    feeRateUnit: 'lamports/signature',
  },
};

const ERC20_TRANSFER_GAS = 65_000n;

export const NETWORKS: Readonly<Record<NetworkId, NetworkDefinition>> = {
  btc: { id: 'btc', chain: 'btc', name: 'Bitcoin', asset: 'BTC', decimals: 8, confirmations: 2, transferUnits: 141n },
  ltc: { id: 'ltc', chain: 'ltc', name: 'Litecoin', asset: 'LTC', decimals: 8, confirmations: 4, transferUnits: 141n },
  eth: {
    id: 'eth',
    chain: 'eth',
    name: 'Ethereum',
    asset: 'ETH',
    decimals: 18,
    confirmations: 12,
    transferUnits: 21_000n,
  },
  'usdt-erc20': {
    id: 'usdt-erc20',
    chain: 'eth',
    name: 'Tether USD (ERC-20)',
    asset: 'USDT',
    token: { standard: 'ERC-20', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
    decimals: 6,
    confirmations: 12,
    transferUnits: ERC20_TRANSFER_GAS,
  },
  'adx-erc20': {
    id: 'adx-erc20',
    chain: 'eth',
    name: 'AdEx (ERC-20)',
    asset: 'ADX',
    token: { standard: 'ERC-20', contract: '0xADE00C28244d5CE17D72E40330B1c318cD12B7c3' },
    decimals: 18,
    confirmations: 12,
    transferUnits: ERC20_TRANSFER_GAS,
  },
  'busd-erc20': {
    id: 'busd-erc20',
    chain: 'eth',
    name: 'Binance USD (ERC-20)',
    asset: 'BUSD',
    token: { standard: 'ERC-20', contract: '0x4Fabb145d64652a948d72533023f6E7A623C7C53' },
    decimals: 18,
    confirmations: 12,
    transferUnits: ERC20_TRANSFER_GAS,
  },
  bsc: {
    id: 'bsc',
    chain: 'bsc',
    name: 'BNB Smart Chain',
    asset: 'BNB',
    decimals: 18,
    confirmations: 15,
    transferUnits: 21_000n,
  },
  xrp: { id: 'xrp', chain: 'xrp', name: 'XRP Ledger', asset: 'XRP', decimals: 6, confirmations: 1, transferUnits: 1n },
  sol: { id: 'sol', chain: 'sol', name: 'Solana', asset: 'SOL', decimals: 9, confirmations: 32, transferUnits: 1n },
};

export function isNetworkId(value: unknown): value is NetworkId {
  return typeof value === 'string' && Object.hasOwn(NETWORKS, value);
}

export function isChainId(value: unknown): value is ChainId {
  return typeof value === 'string' && Object.hasOwn(CHAINS, value);
}

/** The network's definition; throws `network_is_unknown` for anything but a network id. */
export function getNetwork(id: string): NetworkDefinition {
  if (!isNetworkId(id)) {
    throw new ChainError('network_is_unknown', `Unknown network ${JSON.stringify(String(id)).slice(0, 40)}`);
  }
  return NETWORKS[id];
}

export function getChain(id: ChainId): ChainDefinition {
  return CHAINS[id];
}

/** The chain a network runs on: `usdt-erc20` -> Ethereum. */
export function chainOf(network: NetworkDefinition | NetworkId): ChainDefinition {
  return CHAINS[(typeof network === 'string' ? getNetwork(network) : network).chain];
}

/** Networks on which a booked asset can be deposited and withdrawn: `USDT` -> [usdt-erc20]. */
export function networksForAsset(asset: AssetSymbol): readonly NetworkDefinition[] {
  return NETWORK_IDS.map((id) => NETWORKS[id]).filter((network) => network.asset === asset);
}

/** Networks that share a chain (and so its addresses and fee market): `eth` -> eth and its tokens. */
export function networksOnChain(chain: ChainId): readonly NetworkDefinition[] {
  return NETWORK_IDS.map((id) => NETWORKS[id]).filter((network) => network.chain === chain);
}

/** The fee asset of a network: ETH for ERC-20 tokens. */
export function feeAssetOf(network: NetworkDefinition): AssetSymbol {
  return CHAINS[network.chain].nativeAsset;
}
