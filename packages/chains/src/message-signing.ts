// Signed messages that prove control of an address, in each chain family's standard form: BIP-322
// "simple" for Bitcoin and Litecoin (native segwit, P2WPKH), EIP-191 personal messages for EVM
// chains, and the chains' native signatures for XRP (secp256k1 over SHA-512Half, with the public key
// that hashes to the address) and Solana (ed25519 over the message; the address is the public key).
// The proof of reserves signs with these and its verifiers check them with nothing but the address.
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, base64 } from '@scure/base';
import { BITCOIN_PARAMS, LITECOIN_PARAMS, doubleSha256, hash160, p2wpkhAddress } from './codecs/bitcoin.ts';
import { evmAddressFromPublicKey } from './codecs/evm.ts';
import { solanaAddressFromPublicKey } from './codecs/solana.ts';
import { xrpAddressFromPublicKey } from './codecs/xrp.ts';
import type { ChainId } from './networks.ts';

export const MESSAGE_SCHEMES = ['bip322-simple', 'eip191', 'xrp-secp256k1', 'solana-ed25519'] as const;
export type MessageScheme = (typeof MESSAGE_SCHEMES)[number];

export interface SignedMessage {
  readonly scheme: MessageScheme;
  readonly signature: string;
  /** Hex; only XRP needs it (its address is a hash of the key). */
  readonly publicKey: string | null;
}

export function messageSchemeOf(chain: ChainId): MessageScheme {
  if (chain === 'btc' || chain === 'ltc') return 'bip322-simple';
  if (chain === 'eth' || chain === 'bsc') return 'eip191';
  return chain === 'xrp' ? 'xrp-secp256k1' : 'solana-ed25519';
}

/** Signs `message` with the key of `address` on `chain`; refuses a key that is not the address's. */
export function signMessage(request: {
  readonly chain: ChainId;
  readonly address: string;
  readonly privateKey: Uint8Array;
  readonly message: string;
}): SignedMessage {
  const { chain, address, privateKey, message } = request;
  const scheme = messageSchemeOf(chain);
  const signed = SIGNERS[scheme](privateKey, utf8ToBytes(message), chain);
  if (!verifyMessage({ chain, address, message, ...signed })) {
    throw new Error(`The key given does not control ${address} on ${chain}`);
  }
  return signed;
}

/** Whether `signature` proves that the holder of `address` on `chain` signed `message`. */
export function verifyMessage(request: {
  readonly chain: ChainId;
  readonly address: string;
  readonly message: string;
  readonly scheme: string;
  readonly signature: string;
  readonly publicKey: string | null;
}): boolean {
  const scheme = messageSchemeOf(request.chain);
  if (request.scheme !== scheme) return false;
  try {
    return VERIFIERS[scheme](request, utf8ToBytes(request.message));
  } catch {
    return false;
  }
}

type Signer = (privateKey: Uint8Array, message: Uint8Array, chain: ChainId) => SignedMessage;
type Verifier = (
  request: { chain: ChainId; address: string; signature: string; publicKey: string | null },
  message: Uint8Array,
) => boolean;

const SIGNERS: Record<MessageScheme, Signer> = {
  'bip322-simple': (privateKey, message) => {
    const publicKey = secp256k1.getPublicKey(privateKey, true);
    const digest = bip322Sighash(hash160(publicKey), message);
    const der = secp256k1.sign(digest, privateKey, { prehash: false, format: 'der' });
    const witness = concatBytes(new Uint8Array([2, der.length + 1]), der, new Uint8Array([1, 33]), publicKey);
    return { scheme: 'bip322-simple', signature: base64.encode(witness), publicKey: null };
  },
  eip191: (privateKey, message) => {
    const signature = secp256k1.sign(eip191Hash(message), privateKey, { prehash: false, format: 'recovered' });
    // 'recovered' is recovery byte first; Ethereum wants r || s || v with v = 27 + recovery.
    const ethereum = concatBytes(signature.subarray(1), new Uint8Array([27 + (signature[0] as number)]));
    return { scheme: 'eip191', signature: `0x${bytesToHex(ethereum)}`, publicKey: null };
  },
  'xrp-secp256k1': (privateKey, message) => {
    const der = secp256k1.sign(sha512Half(message), privateKey, { prehash: false, format: 'der' });
    const publicKey = bytesToHex(secp256k1.getPublicKey(privateKey, true)).toUpperCase();
    return { scheme: 'xrp-secp256k1', signature: bytesToHex(der).toUpperCase(), publicKey };
  },
  'solana-ed25519': (privateKey, message) => ({
    scheme: 'solana-ed25519',
    signature: base58.encode(ed25519.sign(message, privateKey)),
    publicKey: null,
  }),
};

const VERIFIERS: Record<MessageScheme, Verifier> = {
  'bip322-simple': ({ chain, address, signature }, message) => {
    const witness = base64.decode(signature);
    const sigLength = witness[1] as number;
    if (witness[0] !== 2 || witness[2 + sigLength] !== 33 || witness.length !== 3 + sigLength + 33) return false;
    const sig = witness.subarray(2, 2 + sigLength);
    const publicKey = witness.subarray(3 + sigLength);
    if (sig[sig.length - 1] !== 1) return false;
    if (p2wpkhAddress(chain === 'ltc' ? LITECOIN_PARAMS : BITCOIN_PARAMS, publicKey) !== address) return false;
    const digest = bip322Sighash(hash160(publicKey), message);
    return secp256k1.verify(sig.subarray(0, -1), digest, publicKey, { prehash: false, format: 'der' });
  },
  eip191: ({ address, signature }, message) => {
    const bytes = hexToBytes(signature.replace(/^0x/, ''));
    if (bytes.length !== 65) return false;
    const recovered = concatBytes(new Uint8Array([(bytes[64] as number) - 27]), bytes.subarray(0, 64));
    const publicKey = secp256k1.recoverPublicKey(recovered, eip191Hash(message), { prehash: false });
    return evmAddressFromPublicKey(publicKey).toLowerCase() === address.toLowerCase();
  },
  'xrp-secp256k1': ({ address, signature, publicKey }, message) => {
    if (!publicKey) return false;
    const key = hexToBytes(publicKey.toLowerCase());
    if (xrpAddressFromPublicKey(key) !== address) return false;
    const der = hexToBytes(signature.toLowerCase());
    return secp256k1.verify(der, sha512Half(message), key, { prehash: false, format: 'der' });
  },
  'solana-ed25519': ({ address, signature }, message) => {
    const publicKey = base58.decode(address);
    return (
      solanaAddressFromPublicKey(publicKey) === address && ed25519.verify(base58.decode(signature), message, publicKey)
    );
  },
};

function eip191Hash(message: Uint8Array): Uint8Array {
  return keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${message.length}`), message));
}

function sha512Half(message: Uint8Array): Uint8Array {
  return sha512(message).subarray(0, 32);
}

function taggedHash(tag: string, message: Uint8Array): Uint8Array {
  const tagHash = sha256(utf8ToBytes(tag));
  return sha256(concatBytes(tagHash, tagHash, message));
}

const le32 = (value: number): Uint8Array => new Uint8Array([value, value >>> 8, value >>> 16, value >>> 24]);
const ZERO8 = new Uint8Array(8);

/**
 * BIP-322's virtual transactions for a P2WPKH address: `to_spend` commits to the tagged message hash
 * and pays the address; `to_sign` spends it to OP_RETURN. The signature is over `to_sign`'s BIP-143
 * sighash (SIGHASH_ALL), exactly as a wallet signs a real spend.
 */
function bip322Sighash(pubKeyHash: Uint8Array, message: Uint8Array): Uint8Array {
  const scriptPubKey = concatBytes(new Uint8Array([0x00, 0x14]), pubKeyHash);
  const scriptSig = concatBytes(new Uint8Array([0x00, 0x20]), taggedHash('BIP0322-signed-message', message));
  const toSpend = concatBytes(
    le32(0),
    new Uint8Array([1]),
    new Uint8Array(32),
    le32(0xffff_ffff),
    new Uint8Array([scriptSig.length]),
    scriptSig,
    le32(0),
    new Uint8Array([1]),
    ZERO8,
    new Uint8Array([scriptPubKey.length]),
    scriptPubKey,
    le32(0),
  );
  const outpoint = concatBytes(doubleSha256(toSpend), le32(0));
  const scriptCode = concatBytes(new Uint8Array([0x19, 0x76, 0xa9, 0x14]), pubKeyHash, new Uint8Array([0x88, 0xac]));
  const outputs = concatBytes(ZERO8, new Uint8Array([1, 0x6a]));
  return doubleSha256(
    concatBytes(
      le32(0),
      doubleSha256(outpoint),
      doubleSha256(le32(0)),
      outpoint,
      scriptCode,
      ZERO8,
      le32(0),
      doubleSha256(outputs),
      le32(0),
      le32(1),
    ),
  );
}
