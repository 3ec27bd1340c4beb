// Deposit addresses. The API process holds only public material: an account-level extended public key
// per HD chain, the XRP omnibus address, and the Solana address pool. Private keys live in the signer.
import type { HDKey } from '@scure/bip32';
import { BITCOIN_PARAMS, LITECOIN_PARAMS, p2wpkhAddress } from './codecs/bitcoin.ts';
import { evmAddressFromPublicKey } from './codecs/evm.ts';
import { parseXrpAddress } from './codecs/xrp.ts';
import { ChainError } from './errors.ts';
import { parseAccountKey } from './extended-key.ts';
import { CHAINS, getNetwork, type ChainId, type NetworkDefinition, type NetworkId } from './networks.ts';
import { SolAddressPool } from './sol-address-pool.ts';

export type DepositConfig =
  /** Account-level extended public key (xpub/zpub/Ltub) at the chain's `accountPath`. */
  | { readonly scheme: 'hd'; readonly xpub: string }
  /** One omnibus address; customer i gets destination tag `firstTag + i`. */
  | { readonly scheme: 'tagged'; readonly address: string; readonly firstTag?: number }
  /** Addresses generated in advance by the signer, handed out in order. */
  | { readonly scheme: 'pool'; readonly addresses: readonly string[] };

/** Deposit configuration per chain; ERC-20 networks use their chain's (the customer's ETH address). */
export type DepositConfigs = Partial<Readonly<Record<ChainId, DepositConfig>>>;

export interface DepositAddress {
  readonly network: NetworkId;
  /** Allocation index: the wallets service stores it with the address. */
  readonly index: number;
  readonly address: string;
  /** XRP only: the tag that routes a payment to the omnibus address to this customer. */
  readonly destinationTag?: number;
  /** Full BIP32 path (hd scheme), for the signer to find the key. */
  readonly path?: string;
}

export interface AddressDeriver {
  readonly chain: ChainId;
  derive(network: NetworkId, index: number): DepositAddress;
}

/** Tags below this are avoided: 0 is read as "no tag" by some wallets and small tags are easy to mistype. */
export const DEFAULT_FIRST_DESTINATION_TAG = 100_000;
const MAX_DESTINATION_TAG = 0xffff_ffff;
const MAX_NON_HARDENED_INDEX = 0x7fff_ffff;

/** Builds the deriver for one chain; every configuration error is thrown here, at start. */
export function createAddressDeriver(chain: ChainId, config: DepositConfig | undefined): AddressDeriver {
  const scheme = CHAINS[chain].depositScheme;
  if (!config) {
    throw new ChainError(
      'deposit_config_is_missing',
      `${CHAINS[chain].name} needs a "${scheme}" deposit configuration`,
    );
  }
  if (config.scheme !== scheme) {
    throw new ChainError(
      'deposit_config_is_invalid',
      `${CHAINS[chain].name} takes a "${scheme}" deposit configuration`,
    );
  }
  if (config.scheme === 'hd') return hdDeriver(chain, config.xpub);
  if (config.scheme === 'tagged') return taggedDeriver(chain, config.address, config.firstTag);
  return poolDeriver(chain, new SolAddressPool(config.addresses));
}

/** One deriver per configured chain, checked at start. */
export function createAddressDerivers(configs: DepositConfigs): Partial<Record<ChainId, AddressDeriver>> {
  const derivers: Partial<Record<ChainId, AddressDeriver>> = {};
  for (const chain of Object.keys(configs) as ChainId[]) derivers[chain] = createAddressDeriver(chain, configs[chain]);
  return derivers;
}

function assertIndex(index: number, max: number): void {
  if (!Number.isSafeInteger(index) || index < 0 || index > max) {
    throw new ChainError('address_index_is_out_of_range', `Address index ${String(index)} is outside 0..${max}`);
  }
}

function networkOn(chain: ChainId, id: NetworkId): NetworkDefinition {
  const network = getNetwork(id);
  if (network.chain !== chain) throw new ChainError('network_is_unknown', `${id} is not on ${CHAINS[chain].name}`);
  return network;
}

function hdDeriver(chain: ChainId, xpub: string): AddressDeriver {
  const external: HDKey = parseAccountKey(chain, xpub).deriveChild(0);
  const encode = addressEncoder(chain);
  const accountPath = CHAINS[chain].accountPath as string;
  return {
    chain,
    derive(id, index) {
      const network = networkOn(chain, id);
      assertIndex(index, MAX_NON_HARDENED_INDEX);
      const publicKey = external.deriveChild(index).publicKey;
      if (!publicKey) throw new Error('A derived public key is missing');
      return { network: network.id, index, address: encode(publicKey), path: `${accountPath}/0/${index}` };
    },
  };
}

function addressEncoder(chain: ChainId): (publicKey: Uint8Array) => string {
  if (chain === 'btc') return (key) => p2wpkhAddress(BITCOIN_PARAMS, key);
  if (chain === 'ltc') return (key) => p2wpkhAddress(LITECOIN_PARAMS, key);
  if (chain === 'eth' || chain === 'bsc') return evmAddressFromPublicKey;
  throw new ChainError('deposit_config_is_invalid', `${CHAINS[chain].name} does not derive addresses from a key`);
}

function taggedDeriver(chain: ChainId, address: string, firstTag = DEFAULT_FIRST_DESTINATION_TAG): AddressDeriver {
  const parsed = parseXrpAddress(address);
  if (parsed.kind !== 'valid' || parsed.destinationTag !== undefined) {
    throw new ChainError('deposit_config_is_invalid', 'The XRP omnibus address must be a classic mainnet address');
  }
  if (!Number.isSafeInteger(firstTag) || firstTag < 0 || firstTag > MAX_DESTINATION_TAG) {
    throw new ChainError('destination_tag_is_invalid', 'The first XRP destination tag must be from 0 to 4294967295');
  }
  return {
    chain,
    derive(id, index) {
      const network = networkOn(chain, id);
      assertIndex(index, MAX_DESTINATION_TAG - firstTag);
      return { network: network.id, index, address: parsed.address, destinationTag: firstTag + index };
    },
  };
}

function poolDeriver(chain: ChainId, pool: SolAddressPool): AddressDeriver {
  return {
    chain,
    derive(id, index) {
      const network = networkOn(chain, id);
      assertIndex(index, MAX_NON_HARDENED_INDEX);
      return { network: network.id, index, address: pool.addressAt(index) };
    },
  };
}
