// The kinds of key the signer holds, one per network and network kind. Bitcoin and Litecoin: one
// P2WPKH hot wallet key each, signed with the chains package's UtxoKeySigner (which checks that the
// transaction spends this wallet's coins, pays change back to it and balances). Other chains add
// their own entry here behind the same `Signer` interface.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Address, OutScript, WIF } from '@scure/btc-signer';
import { UTXO_NETWORK_KINDS, UtxoKeySigner, utxoParams, type NetworkId, type Signer } from '@rora/chains';

export type NetworkKind = (typeof UTXO_NETWORK_KINDS)[number];
export const SIGNER_NETWORKS = ['btc', 'ltc'] as const;
export type SignerNetwork = (typeof SIGNER_NETWORKS)[number];

/** A key ready to sign, with what the signer needs to compare a withdrawal with its send. */
export interface KeyHolder {
  readonly network: NetworkId;
  readonly kind: NetworkKind;
  readonly address: string;
  readonly signer: Signer;
  /** Whether two spellings name the same destination (bech32 is case-insensitive). */
  sameDestination(a: string, b: string): boolean;
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

/** The 32-byte private key of a WIF text of this network. */
export function privateKeyFromWif(network: SignerNetwork, kind: NetworkKind, wif: string): Uint8Array {
  try {
    return WIF(utxoParams(network, kind).signer).decode(wif.trim());
  } catch {
    throw new KeyInputError(`The key is not a WIF private key of ${network} ${kind}`);
  }
}

export function generatePrivateKey(): Uint8Array {
  return secp256k1.utils.randomSecretKey();
}

export function keyHolder(network: SignerNetwork, kind: NetworkKind, privateKey: Uint8Array): KeyHolder {
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
