// Bitcoin-family addresses (Bitcoin, Litecoin, Dogecoin): Base58Check P2PKH/P2SH and bech32/bech32m
// SegWit (BIP173, BIP350). Deposit addresses are P2WPKH, the BIP84 native SegWit form.
import { base58, bech32, bech32m } from '@scure/base';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesEqual, CHECKSUM, INVALID, TESTNET, type ParsedAddress } from './parsed.ts';

export interface BitcoinParams {
  readonly bech32?: string;
  readonly testnetBech32: readonly string[];
  readonly pubKeyHash: number;
  readonly scriptHash: number;
  readonly testnetVersions: readonly number[];
}

export const BITCOIN_PARAMS: BitcoinParams = {
  bech32: 'bc',
  testnetBech32: ['tb', 'bcrt'],
  pubKeyHash: 0x00,
  scriptHash: 0x05,
  testnetVersions: [0x6f, 0xc4],
};

/** Litecoin's P2SH is the `M` prefix (0x32); the legacy `3` prefix is Bitcoin's and is refused. */
export const LITECOIN_PARAMS: BitcoinParams = {
  bech32: 'ltc',
  testnetBech32: ['tltc', 'rltc'],
  pubKeyHash: 0x30,
  scriptHash: 0x32,
  testnetVersions: [0x6f, 0x3a, 0xc4],
};

/** Dogecoin, for recognising a Dogecoin address sent to the wrong network. */
export const DOGECOIN_PARAMS: BitcoinParams = {
  testnetBech32: [],
  pubKeyHash: 0x1e,
  scriptHash: 0x16,
  testnetVersions: [0x71, 0xc4],
};

export function hash160(bytes: Uint8Array): Uint8Array {
  return ripemd160(sha256(bytes));
}

export function doubleSha256(bytes: Uint8Array): Uint8Array {
  return sha256(sha256(bytes));
}

/** The native SegWit (P2WPKH) address of a compressed public key. */
export function p2wpkhAddress(params: BitcoinParams, publicKey: Uint8Array): string {
  if (!params.bech32) throw new Error('This network has no native SegWit addresses');
  if (publicKey.length !== 33) throw new Error('P2WPKH needs a 33-byte compressed public key');
  return bech32.encode(params.bech32, [0, ...bech32.toWords(hash160(publicKey))]);
}

export function parseBitcoinAddress(params: BitcoinParams, text: string): ParsedAddress {
  const separator = text.lastIndexOf('1');
  const prefix = text.slice(0, separator).toLowerCase();
  if (separator > 0 && (prefix === params.bech32 || params.testnetBech32.includes(prefix))) {
    return parseSegwit(params, text, prefix);
  }
  return parseBase58(params, text);
}

const BECH32_CHARSET = /^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]+$/;

function parseSegwit(params: BitcoinParams, text: string, prefix: string): ParsedAddress {
  // BIP173: an address is all lowercase or all uppercase; mixed case is never valid.
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return INVALID;
  const lower = text.toLowerCase();
  if (lower.length > 90) return INVALID;
  const v0 = bech32.decodeUnsafe(lower, 90);
  const v1plus = v0 ? undefined : bech32m.decodeUnsafe(lower, 90);
  const decoded = v0 ?? v1plus;
  if (!decoded) {
    const data = lower.slice(prefix.length + 1);
    return prefix === params.bech32 && data.length >= 6 && BECH32_CHARSET.test(data) ? CHECKSUM : INVALID;
  }
  const [version, ...programWords] = decoded.words;
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program || version === undefined) return INVALID;
  // v0 is P2WPKH (20 bytes) or P2WSH (32 bytes) in bech32; v1 is Taproot (32 bytes) in bech32m. Later
  // versions are not spendable yet, so sending to them would lose the funds.
  const valid = v0
    ? version === 0 && (program.length === 20 || program.length === 32)
    : version === 1 && program.length === 32;
  if (!valid) return INVALID;
  return prefix === params.bech32 ? { kind: 'valid', address: lower } : TESTNET;
}

function parseBase58(params: BitcoinParams, text: string): ParsedAddress {
  if (text.length < 25 || text.length > 36) return INVALID;
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(text);
  } catch {
    return INVALID;
  }
  if (bytes.length !== 25) return INVALID;
  const version = bytes[0] as number;
  const ours = version === params.pubKeyHash || version === params.scriptHash;
  const checksumOk = bytesEqual(doubleSha256(bytes.subarray(0, 21)).subarray(0, 4), bytes.subarray(21));
  if (!checksumOk) return ours ? CHECKSUM : INVALID;
  if (ours) return { kind: 'valid', address: text };
  return params.testnetVersions.includes(version) ? TESTNET : INVALID;
}
