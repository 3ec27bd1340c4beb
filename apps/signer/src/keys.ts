// The kinds of key the signer holds, one per network and network kind. Bitcoin and Litecoin: one
// P2WPKH hot wallet key each, signed with the chains package's UtxoKeySigner (which checks that the
// transaction spends this wallet's coins, pays change back to it and balances). Ethereum and BNB
// Smart Chain: one key each, for the chain and its tokens (evm-keys.ts). XRP and Solana: one key each
// (xrp-keys.ts, solana-keys.ts, ADR 0050). Other chains add their own entry behind the same `Signer`.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Address, OutScript, WIF } from '@scure/btc-signer';
import {
  UTXO_NETWORK_KINDS,
  UtxoKeySigner,
  evmAddressFromPublicKey,
  utxoParams,
  type NetworkId,
  type Signer,
  type UnsignedTransaction,
} from '@rora/chains';
import { EVM_SIGNER_CHAINS, evmKeyHolders, evmPrivateKeyFromHex, type EvmChainSettings } from './evm-keys.ts';
import { generateSolanaSecret, solanaKeyHolder, solanaSecretAddress, solanaSecretFromText } from './solana-keys.ts';
import { generateXrpSeed, xrpKeyHolder, xrpSeedAddress, xrpSeedFromText } from './xrp-keys.ts';

export type NetworkKind = (typeof UTXO_NETWORK_KINDS)[number];
export const UTXO_SIGNER_NETWORKS = ['btc', 'ltc'] as const;
export type UtxoSignerNetwork = (typeof UTXO_SIGNER_NETWORKS)[number];
/** The networks whose keys the signer stores: a chain's key (eth, bsc) signs its tokens too. */
export const SIGNER_NETWORKS = [...UTXO_SIGNER_NETWORKS, ...EVM_SIGNER_CHAINS, 'xrp', 'sol'] as const;
export type SignerNetwork = (typeof SIGNER_NETWORKS)[number];
/** Each EVM chain's signing settings (SIGNER_ETH_*, SIGNER_BSC_*); a chain without them is not signed. */
export type EvmSettings = Readonly<Partial<Record<(typeof EVM_SIGNER_CHAINS)[number], EvmChainSettings>>>;

const isUtxo = (network: SignerNetwork): network is UtxoSignerNetwork =>
  (UTXO_SIGNER_NETWORKS as readonly string[]).includes(network);

/** A key ready to sign, with what the signer needs to compare a withdrawal with its send. */
export interface KeyHolder {
  readonly network: NetworkId;
  readonly kind: NetworkKind;
  readonly address: string;
  readonly signer: Signer;
  /** Whether two spellings name the same destination (bech32 is case-insensitive). */
  sameDestination(a: string, b: string): boolean;
  /**
   * Whether `next` may be signed for a withdrawal already signed as `earlier` (a transaction that
   * expired unsent, rebuilt): only where the chain can never include both. Absent: never (ADR 0041).
   */
  mayReplace?(earlier: UnsignedTransaction, next: UnsignedTransaction): boolean;
}

export class KeyInputError extends Error {
  override readonly name = 'KeyInputError';
}

export function parseNetwork(network: string, kind: string): { network: SignerNetwork; kind: NetworkKind } {
  if (!(SIGNER_NETWORKS as readonly string[]).includes(network)) {
    throw new KeyInputError(`network must be one of ${SIGNER_NETWORKS.join(', ')} (got ${network})`);
  }
  if (!(UTXO_NETWORK_KINDS as readonly string[]).includes(kind)) {
    throw new KeyInputError(`kind must be one of ${UTXO_NETWORK_KINDS.join(', ')} (got ${kind})`);
  }
  return { network: network as SignerNetwork, kind: kind as NetworkKind };
}

/**
 * The private key of a key text, as sealed: WIF for the Bitcoin family, 64 hex digits for EVM chains,
 * an XRP family seed (its text), a Solana 64-byte secret key (base58 or solana-keygen's JSON array).
 */
export function privateKeyFromText(network: SignerNetwork, kind: NetworkKind, text: string): Uint8Array {
  if (isUtxo(network)) return privateKeyFromWif(network, kind, text);
  if (network === 'xrp' || network === 'sol') return accountKeyFromText(network, text);
  const key = evmPrivateKeyFromHex(text);
  if (!key || !secp256k1.utils.isValidSecretKey(key)) {
    throw new KeyInputError(`The key is not a ${network} private key (64 hex digits, 0x optional)`);
  }
  return key;
}

/** The hot wallet address of a key. */
export function keyAddress(network: SignerNetwork, kind: NetworkKind, privateKey: Uint8Array): string {
  if (isUtxo(network)) return keyHolder(network, kind, privateKey).address;
  if (network === 'xrp') return xrpSeedAddress(privateKey);
  if (network === 'sol') return solanaSecretAddress(privateKey);
  return evmAddressFromPublicKey(secp256k1.getPublicKey(privateKey, false));
}

/** The holders of one stored key: one for a Bitcoin-family key, its chain and tokens for an EVM key. */
export function keyHolders(
  network: SignerNetwork,
  kind: NetworkKind,
  privateKey: Uint8Array,
  evm: EvmSettings,
): KeyHolder[] {
  if (isUtxo(network)) return [keyHolder(network, kind, privateKey)];
  if (network === 'xrp') return [xrpKeyHolder(kind, privateKey)];
  if (network === 'sol') return [solanaKeyHolder(kind, privateKey)];
  const settings = evm[network];
  if (!settings) {
    throw new KeyInputError(
      `The signer holds a ${network} key but has no chain id for it (SIGNER_${network.toUpperCase()}_CHAIN_ID)`,
    );
  }
  return evmKeyHolders(network, kind, privateKey, settings);
}

/** The 32-byte private key of a WIF text of this network. */
export function privateKeyFromWif(network: UtxoSignerNetwork, kind: NetworkKind, wif: string): Uint8Array {
  try {
    return WIF(utxoParams(network, kind).signer).decode(wif.trim());
  } catch {
    throw new KeyInputError(`The key is not a WIF private key of ${network} ${kind}`);
  }
}

function accountKeyFromText(network: 'xrp' | 'sol', text: string): Uint8Array {
  try {
    return network === 'xrp' ? xrpSeedFromText(text) : solanaSecretFromText(text);
  } catch {
    const form = network === 'xrp' ? 'an XRP Ledger family seed (s…)' : 'a Solana 64-byte secret key';
    throw new KeyInputError(`The key is not ${form}`);
  }
}

/** A new key of the network's kind (secp256k1 for the Bitcoin family and EVM chains). */
export function generatePrivateKey(network: SignerNetwork = 'btc'): Uint8Array {
  if (network === 'xrp') return generateXrpSeed();
  if (network === 'sol') return generateSolanaSecret();
  return secp256k1.utils.randomSecretKey();
}

export function keyHolder(network: UtxoSignerNetwork, kind: NetworkKind, privateKey: Uint8Array): KeyHolder {
  const params = utxoParams(network, kind);
  const signer = new UtxoKeySigner({ network, params, wif: WIF(params.signer).encode(privateKey) });
  const script = (address: string) => {
    try {
      return Buffer.from(OutScript.encode(Address(params.signer).decode(address.trim()))).toString('hex');
    } catch {
      return null;
    }
  };
  return {
    network,
    kind,
    address: signer.addressFor(network),
    signer,
    sameDestination: (a, b) => {
      const left = script(a);
      return left !== null && left === script(b);
    },
  };
}

/** Where a key's seals are bound: moving a sealed key to another row makes it unreadable. */
export function keyContext(network: string, kind: string, address: string): string {
  return `rora-signer|${network}|${kind}|${address}`;
}
